package config

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLoad(t *testing.T) {
	t.Run("OKDefaultsAndGeneratedSecretIsKept", func(t *testing.T) {
		dir := t.TempDir()
		t.Chdir(dir) // no .env here
		t.Setenv("DATA_DIR", filepath.Join(dir, "data"))
		t.Setenv("JWT_SECRET", "")
		t.Setenv("MAINTENANCE_MODE", "")
		c, err := Load()
		if err != nil {
			t.Fatal(err)
		}
		if c.Port != 8080 || c.BrandName != "TFM" || c.UsesMySQL() || c.MaintenanceMode || !c.MemoryReducer {
			t.Fatalf("defaults: %+v", c)
		}
		if c.SQLitePath() != filepath.Join(dir, "data", "tfm.db") {
			t.Fatalf("sqlite path %s", c.SQLitePath())
		}
		st, err := os.Stat(filepath.Join(dir, "data", "jwt_secret"))
		if err != nil || st.Mode().Perm() != 0o600 {
			t.Fatalf("secret file: %v %v", err, st)
		}
		c2, _ := Load()
		if string(c.JWTSecret) != string(c2.JWTSecret) || len(c.JWTSecret) < 32 {
			t.Fatal("generated secret not kept across restarts")
		}
	})
	t.Run("OKMaintenanceOnlyWhenExactlyTrue", func(t *testing.T) {
		t.Chdir(t.TempDir())
		t.Setenv("DATA_DIR", t.TempDir())
		for v, want := range map[string]bool{"true": true, "TRUE": false, "1": false, "false": false} {
			t.Setenv("MAINTENANCE_MODE", v)
			c, err := Load()
			if err != nil || c.MaintenanceMode != want {
				t.Errorf("MAINTENANCE_MODE=%q → %v (%v)", v, c.MaintenanceMode, err)
			}
		}
	})
	t.Run("ErrBadValues", func(t *testing.T) {
		t.Chdir(t.TempDir())
		t.Setenv("DATA_DIR", t.TempDir())
		for k, v := range map[string]string{"PORT": "eighty", "JWT_SECRET": "short", "APP_ENV": "staging", "PPROF_ADDR": "0.0.0.0:6060", "MEMORY_REDUCER": "yes"} {
			t.Run(k, func(t *testing.T) {
				t.Setenv(k, v)
				if _, err := Load(); err == nil {
					t.Fatalf("%s=%q accepted", k, v)
				}
			})
		}
	})
	t.Run("ErrTestOnlyKnobsOutsideTheirEnvironment", func(t *testing.T) {
		t.Chdir(t.TempDir())
		t.Setenv("DATA_DIR", t.TempDir())
		t.Setenv("BCRYPT_COST", "4")
		for env, ok := range map[string]bool{"test": true, "dev": false, "prod": false} {
			t.Setenv("APP_ENV", env)
			c, err := Load()
			if ok && (err != nil || c.PasswordCost != 4) {
				t.Fatalf("APP_ENV=%s BCRYPT_COST=4: %v", env, err)
			}
			if !ok && err == nil {
				t.Fatalf("APP_ENV=%s accepted BCRYPT_COST=4", env)
			}
		}
		t.Setenv("BCRYPT_COST", "")
		t.Setenv("APP_ENV", "prod")
		t.Setenv("SMTP_HOST", "smtp.example.org")
		t.Setenv("SMS_URL", "https://sms.example.org")
		t.Setenv("CLIENT_DIR", t.TempDir())
		if _, err := Load(); err == nil {
			t.Fatal("APP_ENV=prod accepted CLIENT_DIR")
		}
		t.Setenv("CLIENT_DIR", "")
		t.Setenv("RAZORPAY_KEY_ID", "rzp_live_abc")
		t.Setenv("RAZORPAY_KEY_SECRET", "secret")
		t.Setenv("RAZORPAY_WEBHOOK_SECRET", "hook")
		t.Setenv("SELLER_GSTIN", "33ABCDE1234F1Z5")
		if c, err := Load(); err != nil || c.PasswordCost != 12 || c.TestPayments() || c.InvoicePrefix != "TFM" {
			t.Fatalf("prod defaults: %v", err)
		}
	})
	t.Run("ErrPaymentsIncompleteOrMissingInProduction", func(t *testing.T) {
		t.Chdir(t.TempDir())
		t.Setenv("DATA_DIR", t.TempDir())
		t.Setenv("APP_ENV", "dev")
		if c, err := Load(); err != nil || !c.TestPayments() {
			t.Fatalf("dev without keys uses the test gateway: %v", err)
		}
		t.Setenv("RAZORPAY_KEY_ID", "rzp_test_abc")
		if _, err := Load(); err == nil {
			t.Fatal("accepted a key id without its secrets")
		}
		t.Setenv("RAZORPAY_KEY_SECRET", "secret")
		t.Setenv("RAZORPAY_WEBHOOK_SECRET", "hook")
		t.Setenv("SELLER_GSTIN", "not-a-gstin")
		if _, err := Load(); err == nil {
			t.Fatal("accepted a malformed SELLER_GSTIN")
		}
		t.Setenv("SELLER_GSTIN", "")
		t.Setenv("INVOICE_PREFIX", "TOOLONG")
		if _, err := Load(); err == nil {
			t.Fatal("accepted a 7-letter invoice prefix")
		}
		t.Setenv("INVOICE_PREFIX", "")
		t.Setenv("APP_ENV", "prod")
		t.Setenv("SMTP_HOST", "smtp.example.org")
		t.Setenv("SMS_URL", "https://sms.example.org")
		for _, k := range []string{"RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"} {
			t.Setenv(k, "")
		}
		t.Setenv("SELLER_GSTIN", "33ABCDE1234F1Z5")
		if _, err := Load(); err == nil {
			t.Fatal("APP_ENV=prod started without Razorpay keys (the test gateway)")
		}
	})
}
