/// Per cell, the feature that painted it last and the value that feature painted over: what the
/// cell would hold had the feature not been drawn. With it the alt text tells which features
/// survive in the final grid from one drawing, instead of drawing the creature again without each.
///
/// Exact because each feature paints in one uninterrupted stretch of the drawing and leaving a
/// feature out changes no other painting (the body excepted: it moves the head, so `DrawnParts`
/// judges it by its place). The mirror copies the log with the cells; the asymmetric cells and the
/// shape mask paint the same whatever the features, so they clear the owner.
struct PaintLog {
    /// `DrawnParts.Feature.rawValue` of each cell's last painter; 0 for none.
    var owners = Grid(filledWith: 0)
    /// The value each owned cell held just before its owner first painted it.
    var under = Grid(filledWith: 0)

    /// For every feature, bit `x` of row `y` set where the feature owns the cell and what it
    /// painted over differs from the final value: the cells that change when it is left out.
    /// Row `y` of feature `f` is at `f.rawValue · 32 + y`.
    func changedRows(in grid: Grid) -> [UInt32] {
        var rows = [UInt32](repeating: 0, count: (DrawnParts.Feature.allCases.count + 1) * 32)
        rows.withUnsafeMutableBufferPointer { rows in
            owners.cells.withUnsafeBufferPointer { owner in
                under.cells.withUnsafeBufferPointer { under in
                    grid.cells.withUnsafeBufferPointer { cells in
                        let words = UnsafeRawBufferPointer(owner), underWords = UnsafeRawBufferPointer(under)
                        let cellWords = UnsafeRawBufferPointer(cells)
                        // Eight cells at once: the high bit of each byte marks a cell owned whose
                        // value differs from what was under it; only those are visited.
                        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, high: UInt64 = 0x8080_8080_8080_8080
                        for word in 0..<128 {
                            let owned = words.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
                            let differs = underWords.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
                                ^ cellWords.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
                            var marked = ((owned & low7) &+ low7 | owned) & ((differs & low7) &+ low7 | differs) & high
                            while marked != 0 {
                                let i = word &* 8 &+ marked.trailingZeroBitCount >> 3
                                rows[Int(owner[i]) &* 32 &+ i >> 5] |= 1 << UInt32(i & 31)
                                marked &= marked &- 1
                            }
                        }
                    }
                }
            }
        }
        return rows
    }

    /// The log's cells for the drawing code; valid only inside `PaintLog.withCells`.
    struct Cells {
        let owners: CreatureCore.Cells, under: CreatureCore.Cells

        /// Notes that `feature` paints cell `i`, which holds `old` (no-op after its first paint).
        @inline(__always) func note(_ i: Int, _ feature: Int8, old: Int8) {
            guard owners[i] != feature else { return }
            owners[i] = feature
            under[i] = old
        }

        /// Notes that cell `i` is painted by something the features do not change.
        @inline(__always) func clear(_ i: Int) { owners[i] = 0 }
    }

    /// Runs `body` with direct access to the log's cells.
    mutating func withCells<R>(_ body: (Cells) -> R) -> R {
        owners.withCells { o in under.withCells { u in body(Cells(owners: o, under: u)) } }
    }
}
