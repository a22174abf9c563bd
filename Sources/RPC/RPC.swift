/// The JSON-RPC face of fonsters-rpc: transport (Transport/) and method handlers (Methods/).
public enum RPCModule {}
