module github.com/fdbtuple/fdbtuple

go 1.24

require (
	github.com/google/uuid v1.6.0
	github.com/shopspring/decimal v1.6.0
	go.etcd.io/bbolt v1.4.3
	pgregory.net/rapid v1.3.0
)

require golang.org/x/sys v0.29.0 // indirect

tool github.com/fdbtuple/fdbtuple/cmd/fdbtuple
