# Multi-stage build: the client with Node, the server with Go, a small runtime image.
FROM node:20-bookworm AS client
WORKDIR /src/client
COPY client/package.json client/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY client/ ./
RUN npm run build

FROM golang:1.26-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=client /src/client/dist ./client/dist
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/tfm ./server/cmd/tfm

FROM gcr.io/distroless/static-debian12:nonroot
WORKDIR /app
COPY --from=server /out/tfm /app/tfm
ENV DATA_DIR=/app/data PORT=8080
EXPOSE 8080
ENTRYPOINT ["/app/tfm"]
CMD ["serve"]
