/// The durable SQLite library of Fonsters.
public enum FonsterStoreModule {}
