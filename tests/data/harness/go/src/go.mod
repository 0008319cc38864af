module example.com/harness

go 1.19
