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
        // Version 2: the trash (deleted Fonsters, whole, for 30 days), the library's default
        // engine (fonsters-v1 for a library that already holds Fonsters, the engine it was made
        // with), how many Fonsters each block of 1,024 list sort keys holds (kept by triggers, so
        // a page deep in the list is found without counting every row before it), and the
        // full-disk reserve moves out of the file (see `DiskReserve`).
        """
        CREATE TABLE trash (
            id TEXT PRIMARY KEY NOT NULL,
            place INTEGER NOT NULL,
            name TEXT NOT NULL,
            seed TEXT NOT NULL,
            random_source TEXT,
            history TEXT NOT NULL,
            future TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            created_iso TEXT NOT NULL,
            created_zone TEXT NOT NULL,
            engine TEXT NOT NULL,
            deleted_ms INTEGER NOT NULL,
            deleted_iso TEXT NOT NULL
        );
        CREATE INDEX trash_by_deletion ON trash (deleted_ms);
        CREATE TABLE position_blocks (
            block INTEGER PRIMARY KEY,
            count INTEGER NOT NULL
        );
        INSERT INTO position_blocks (block, count) SELECT position >> 10, count(*) FROM fonsters GROUP BY position >> 10;
        CREATE TRIGGER fonsters_block_insert AFTER INSERT ON fonsters BEGIN
            INSERT INTO position_blocks (block, count) VALUES (new.position >> 10, 1)
                ON CONFLICT (block) DO UPDATE SET count = count + 1;
        END;
        CREATE TRIGGER fonsters_block_delete AFTER DELETE ON fonsters BEGIN
            UPDATE position_blocks SET count = count - 1 WHERE block = old.position >> 10;
            DELETE FROM position_blocks WHERE block = old.position >> 10 AND count <= 0;
        END;
        CREATE TRIGGER fonsters_block_move AFTER UPDATE OF position ON fonsters
            WHEN old.position >> 10 IS NOT new.position >> 10 BEGIN
            UPDATE position_blocks SET count = count - 1 WHERE block = old.position >> 10;
            DELETE FROM position_blocks WHERE block = old.position >> 10 AND count <= 0;
            INSERT INTO position_blocks (block, count) VALUES (new.position >> 10, 1)
                ON CONFLICT (block) DO UPDATE SET count = count + 1;
        END;
        DELETE FROM meta WHERE key = 'reserve';
        INSERT INTO meta (key, value)
            SELECT 'default_engine', CASE WHEN EXISTS (SELECT 1 FROM fonsters) THEN 'fonsters-v1' ELSE 'fonsters-v2' END;
        """,
        // Version 3: each picture drawn for the look-alikes, by seed and engine (`StoredPictures`):
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
        // Version 4: Fonsters by seed, so an import finds a seed already in the library by one
        // look-up instead of reading every seed (compared as bytes, as the engine sees seeds:
        // "é" and "e" + U+0301 are two seeds).
        """
        CREATE INDEX fonsters_by_seed ON fonsters (seed);
        """,
        // Version 5: a key per seed and engine instead of its picture (`StoredKeys`: the
        // fingerprint, the look's hash, the silhouette's blocks and bands), so a restart reads 56
        // bytes a Fonster, not 1,024; the pictures kept before are dropped (a cache: keys are drawn
        // again). Keys of 52 bytes (before the bands) read as no key and are drawn again.
        """
        CREATE TABLE picture_keys (
            seed TEXT NOT NULL,
            engine TEXT NOT NULL,
            key BLOB NOT NULL,
            UNIQUE (seed, engine)
        );
        DROP TABLE pictures;
        """,
        // Version 6: the library's near look-alike groups as last worked out, with a fingerprint
        // of the keys they were worked out from (`StoredGroups`): a restarted server reads them
        // instead of comparing a million looks again. One row; a cache like `picture_keys`.
        """
        CREATE TABLE lookalike_groups (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            fingerprint INTEGER NOT NULL,
            groups BLOB NOT NULL
        );
        """,
        // Version 7: each Fonster's look-alike key in its own row (`StoredKeys`), so a restart
        // reads the keys with the list instead of looking each seed up in `picture_keys` (half a
        // second at a million). A trigger forgets a row's key when its seed or engine changes;
        // the keys kept before carry over.
        """
        ALTER TABLE fonsters ADD COLUMN picture_key BLOB;
        UPDATE fonsters SET picture_key = (SELECT key FROM picture_keys k WHERE k.seed = fonsters.seed AND k.engine = fonsters.engine);
        DROP TABLE picture_keys;
        CREATE TRIGGER fonsters_key_forgotten AFTER UPDATE OF seed, engine ON fonsters
            WHEN new.picture_key IS NOT NULL AND (old.seed IS NOT new.seed OR old.engine IS NOT new.engine) BEGIN
            UPDATE fonsters SET picture_key = NULL WHERE rowid = new.rowid;
        END;
        """,
    ]

    /// The newest schema version this build knows.
    static var currentVersion: Int { migrations.count }

    /// How many change-log rows are kept for other processes' change detection.
    static let changeLogKeep: Int64 = 10_000

    /// The first version with the trash, the default-engine setting and the position blocks.
    static let trashVersion = 2

    /// The first version with each Fonster's look-alike key in its row (`picture_key`).
    static let keysInRowsVersion = 7

    /// Sort keys per row of `position_blocks` (a power of two: a block is `position >> 10`).
    static let blockShift = 10

    /// How long a deleted Fonster stays in the trash before it is purged on its own.
    static let trashDays = 30
}
