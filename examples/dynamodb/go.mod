module github.com/fdbtuple/fdbtuple/examples/dynamodb

go 1.24

replace github.com/fdbtuple/fdbtuple => ../..

require (
	github.com/aws/aws-sdk-go-v2 v1.48.0
	github.com/aws/aws-sdk-go-v2/credentials v1.20.16
	github.com/aws/aws-sdk-go-v2/service/dynamodb v1.73.2
	github.com/aws/smithy-go v1.28.9
	github.com/fdbtuple/fdbtuple v0.0.0-00010101000000-000000000000
	go.etcd.io/bbolt v1.4.3
	pgregory.net/rapid v1.3.0
)

require (
	github.com/aws/aws-sdk-go-v2/internal/configsources v1.5.11 // indirect
	github.com/aws/aws-sdk-go-v2/internal/endpoints/v2 v2.8.11 // indirect
	github.com/aws/aws-sdk-go-v2/service/internal/accept-encoding v1.13.24 // indirect
	github.com/aws/aws-sdk-go-v2/service/internal/endpoint-discovery v1.13.11 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/shopspring/decimal v1.6.0 // indirect
	golang.org/x/sys v0.29.0 // indirect
)
