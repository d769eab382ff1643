import Bytes
import Foundation
import Hashing

/// What the strict check learnt of an export's events array, kept with the archive for the
/// next build: where each element is, the keys given twice in them, and a hash of the
/// array's bytes up to every 64th element. A nightly export is the night before's with a
/// new export time, its last few events changed and some added, so the next check steps
/// over the elements the two arrays share (the same bytes from the `[` on) instead of
/// reading them again, and finds exactly what a check of every byte would.
public struct ExportIndex: Sendable, Equatable {
    /// Each element, counting from the array's `[`.
    let elements: [Range<Int>]
    /// Every key given twice inside the array, where its text starts (from the `[`), with its path.
    let duplicates: [Duplicate]
    /// The hash of the array's bytes up to the end of every 64th element and the last.
    let checkpoints: [Checkpoint]
    /// The program that decoded the events (a program built anew may decode them otherwise).
    var program: [UInt8] = []
    /// Every element's event as decoded, in ``EventRecords``'s form; empty when not kept.
    /// Read back, a part of the index file's bytes (megabytes, not copied out).
    var records: ArraySlice<UInt8> = []
    /// Every event's id hash with its place, sorted (``KnownIDs``); empty when two share one.
    var ids: [KnownIDs.Entry] = []

    struct Duplicate: Sendable, Equatable {
        let offset: Int
        let path: String
    }

    struct Checkpoint: Sendable, Equatable {
        let element: Int
        let hash: UInt64
    }

    /// The hash the checkpoints are taken with. Its key is fixed, so that the same export
    /// gives the same archive: a file made to match another's checkpoints without being the
    /// same would only have those bytes read by the decoder without the strict check, which
    /// reads any bytes safely and leaves what it is unsure of to Foundation's decoder.
    static let hash = PrefixHash(key: 0xB0B0_5EED_2026_1122)

    /// A checkpoint after every this many elements (and after the last).
    static let checkpointSpacing = 64

    /// Whether element `index` of `count` gets a checkpoint.
    static func isCheckpoint(_ index: Int, of count: Int) -> Bool {
        (index + 1) % checkpointSpacing == 0 || index == count - 1
    }

    /// How many of this index's elements `bytes` (from an array's `[`) starts with (the
    /// same bytes through the end of the last of them, as far as the checkpoints tell), and
    /// the hash taken in that far.
    func sharedElements(with bytes: UnsafeRawBufferPointer) -> (count: Int, hash: PrefixHash) {
        var hash = Self.hash
        var shared = (count: 0, hash: hash)
        for checkpoint in checkpoints {
            let end = elements[checkpoint.element].upperBound
            guard end <= bytes.count, hash.value(through: end, in: bytes) == checkpoint.hash else { break }
            shared = (checkpoint.element + 1, hash)
        }
        return shared
    }

    // MARK: Bytes

    private static let magic = Array("bbreport-export-index 4\n".utf8)

    /// The index as kept in the archive, written once into the memory handed over, with its
    /// records (megabytes: about `recordsSize` bytes) appended in their place by
    /// `writeRecords` rather than copied there (``records`` is not written).
    func data(recordsSize: Int, records writeRecords: (ByteBuffer) -> Void) -> Data {
        let bytes = ByteBuffer(capacity: Self.magic.count + 64 + elements.count * 16 + checkpoints.count * 16 + program.count
            + recordsSize + ids.count * 16 + duplicates.reduce(0) { $0 + 16 + $1.path.utf8.count })
        func number(_ value: Int) { bytes.append(word: UInt64(value)) }
        bytes.append(Self.magic)
        number(elements.count)
        for element in elements {
            number(element.lowerBound)
            number(element.upperBound)
        }
        number(duplicates.count)
        for duplicate in duplicates {
            number(duplicate.offset)
            number(duplicate.path.utf8.count)
            bytes.append(duplicate.path)
        }
        number(checkpoints.count)
        for checkpoint in checkpoints {
            number(checkpoint.element)
            bytes.append(word: checkpoint.hash)
        }
        number(program.count)
        bytes.append(program)
        // The records' length, set once they are written.
        let recordsLength = bytes.count
        number(0)
        writeRecords(bytes)
        bytes.set(word: UInt64(bytes.count - recordsLength - 8), at: recordsLength)
        number(ids.count)
        for entry in ids {
            bytes.append(word: entry.hash)
            number(entry.place)
        }
        // Its own hash last: a damaged index is refused whole.
        bytes.append(word: bytes.withBytes { ContentHash(file: $0).value })
        return bytes.takeData()
    }

    /// The index kept as `bytes`, its records read in place; nil for anything that is not
    /// one whole, as written (ranges in order inside one file, checkpoints in order on
    /// elements that exist).
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        let body = bytes.count - 8
        var reader = ByteReader(bytes[...], end: body)
        var trailer = ByteReader(bytes[...], at: body)
        guard trailer.word() == bytes.withUnsafeBytes({ ContentHash(file: UnsafeRawBufferPointer(rebasing: $0[..<body])).value }),
              reader.take(Self.magic), let elements = reader.ranges(), let duplicateCount = reader.count(atLeast: 16)
        else { return nil }
        var duplicates: [Duplicate] = []
        for _ in 0..<duplicateCount {
            guard let offset = reader.number(), let length = reader.count(atLeast: 1), let text = reader.text(length) else { return nil }
            duplicates.append(Duplicate(offset: offset, path: text))
        }
        guard let checkpointCount = reader.count(atLeast: 16) else { return nil }
        var checkpoints: [Checkpoint] = []
        for _ in 0..<checkpointCount {
            guard let element = reader.number(), let hash = reader.word() else { return nil }
            checkpoints.append(Checkpoint(element: element, hash: hash))
        }
        guard let programLength = reader.count(atLeast: 1), let program = reader.bytes(programLength).map(Array.init),
              let recordsLength = reader.count(atLeast: 1), let records = reader.bytes(recordsLength),
              let idCount = reader.count(atLeast: 16) else { return nil }
        var ids: [KnownIDs.Entry] = []
        ids.reserveCapacity(idCount)
        for _ in 0..<idCount {
            guard let hash = reader.word(), let place = reader.number(), place < elements.count,
                  ids.last.map({ $0.hash < hash }) ?? true else { return nil }
            ids.append(KnownIDs.Entry(hash: hash, place: place))
        }
        guard reader.isAtEnd, elements.first.map({ $0.lowerBound > 0 }) ?? true, elements.isSorted,
              zip(checkpoints, checkpoints.dropFirst()).allSatisfy({ $0.element < $1.element }),
              checkpoints.allSatisfy({ elements.indices.contains($0.element) })
        else { return nil }
        self.init(elements: elements, duplicates: duplicates, checkpoints: checkpoints)
        self.program = program
        self.records = records
        self.ids = ids
    }

    init(elements: [Range<Int>], duplicates: [Duplicate], checkpoints: [Checkpoint]) {
        self.elements = elements
        self.duplicates = duplicates
        self.checkpoints = checkpoints
    }
}

extension [Range<Int>] {
    /// Each range after the one before, none overlapping.
    fileprivate var isSorted: Bool {
        zip(self, dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }
    }
}

extension ByteReader {
    /// A count (a word) of items that take at least `size` bytes each, when that many are left.
    fileprivate mutating func count(atLeast size: Int) -> Int? {
        number().flatMap { $0 <= (end - offset) / size ? $0 : nil }
    }

    fileprivate mutating func ranges() -> [Range<Int>]? {
        guard let count = count(atLeast: 16) else { return nil }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(count)
        for _ in 0..<count {
            guard let lower = number(), let upper = number(), lower <= upper else { return nil }
            ranges.append(lower..<upper)
        }
        return ranges
    }
}
