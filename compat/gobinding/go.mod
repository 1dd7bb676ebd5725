module github.com/fdbtuple/fdbtuple/compat/gobinding

go 1.24

require github.com/fdbtuple/fdbtuple v0.0.0-00010101000000-000000000000

require (
	github.com/google/uuid v1.6.0 // indirect
	github.com/shopspring/decimal v1.6.0 // indirect
	pgregory.net/rapid v1.3.0 // indirect
)

replace github.com/fdbtuple/fdbtuple => ../..
