/// The fixed tables of the deflate format (RFC 1951 §3.2.5–3.2.7), built once.
struct DeflateTables: Sendable {
    /// The tables, shared by every encoder.
    static let shared = DeflateTables()

    /// The smallest length each length code 257…285 stands for.
    let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                             35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    /// The extra bits after each length code.
    let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                              3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// The smallest distance each distance code 0…29 stands for.
    let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                               257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                               8193, 12289, 16385, 24577]
    /// The extra bits after each distance code.
    let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order in which code-length code lengths are sent.
    let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Length code index (symbol − 257, 0…28) for each match length 3…258 (index = length).
    let lengthCode: [UInt8]
    /// Distance codes for distances 1…256 (index d − 1), then for 257…32768 by 256 + (d − 1) >> 7.
    private let distanceCodes: [UInt8]
    /// The fixed literal/length code (288 symbols).
    let fixedLiteral: HuffmanCode
    /// The fixed distance code (30 symbols used of 32).
    let fixedDistance: HuffmanCode

    private init() {
        var lengths = [UInt8](repeating: 0, count: 259)
        for code in 0..<29 {
            let end = code == 28 ? 259 : lengthBase[code + 1]
            for length in lengthBase[code]..<end { lengths[length] = UInt8(code) }
        }
        lengths[258] = 28
        lengthCode = lengths

        let bases = distanceBase
        func code(_ distance: Int) -> UInt8 {
            var code = 29
            while bases[code] > distance { code -= 1 }
            return UInt8(code)
        }
        var distances = [UInt8](repeating: 0, count: 512)
        for d in 1...256 { distances[d - 1] = code(d) }
        for k in 2..<256 { distances[256 + k] = code(k << 7 + 1) }
        distanceCodes = distances

        fixedLiteral = HuffmanCode(lengths: [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
                                   + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8))
        fixedDistance = HuffmanCode(lengths: [UInt8](repeating: 5, count: 30))
    }

    /// The distance code (0…29) for a distance 1…32768.
    @inline(__always)
    func distanceCode(_ distance: Int) -> Int {
        let d = distance &- 1
        return Int(distanceCodes[d < 256 ? d : 256 &+ (d >> 7)])
    }
}
