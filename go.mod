module github.com/fdbtuple/fdbtuple

go 1.24

require (
	github.com/google/uuid v1.6.0
	pgregory.net/rapid v1.3.0
)
