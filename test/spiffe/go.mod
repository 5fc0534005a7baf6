module meridian.dev/test/spiffe

go 1.26.0

require github.com/spiffe/go-spiffe/v2 v2.9.0

require github.com/go-jose/go-jose/v4 v4.1.5 // indirect
