/// The library's tables and their forward migrations, versioned by `PRAGMA user_version`.
enum Schema {
    /// Migrations in order: entry `i` takes the schema from version `i` to `i + 1`.
    static let migrations: [String] = [
        """
        CREATE TABLE meta (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE fonsters (
            id TEXT PRIMARY KEY NOT NULL,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            seed TEXT NOT NULL,
            random_source TEXT CHECK (random_source IN ('quote', 'words', 'uuid', 'lorem')),
            history TEXT NOT NULL DEFAULT '[]',
            future TEXT NOT NULL DEFAULT '[]',
            created_ms INTEGER NOT NULL,
            created_iso TEXT NOT NULL,
            created_zone TEXT NOT NULL,
            engine TEXT NOT NULL
        );
        CREATE INDEX fonsters_by_position ON fonsters (position);
        CREATE TABLE change_log (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            fonster_id TEXT,
            reason TEXT NOT NULL,
            writer TEXT NOT NULL
        );
        """,
        // Version 2: each picture drawn for the look-alikes, by seed and engine (`StoredPictures`):
        // a cache, checked when read and redrawn when wrong, so a restarted server does not draw
        // the whole library again.
        """
        CREATE TABLE pictures (
            seed TEXT NOT NULL,
            engine TEXT NOT NULL,
            cells BLOB NOT NULL,
            hash INTEGER NOT NULL,
            UNIQUE (seed, engine)
        );
        """,
    ]

    /// The newest schema version this build knows.
    static var currentVersion: Int { migrations.count }

    /// How many change-log rows are kept for other processes' change detection.
    static let changeLogKeep: Int64 = 10_000
}
