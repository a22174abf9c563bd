// The fonsters-rpc executable: a thin entry point over the CLI and the server.
print("usage: fonsters-rpc describe SEED… | render SEED --format png|gif|jpeg|svg --size N -o FILE")
