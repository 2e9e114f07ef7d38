module github.com/glebarez/sqlite

go 1.26.8

require (
	github.com/libtnb/sqlite v1.2.2
	gorm.io/gorm v1.31.2
)
