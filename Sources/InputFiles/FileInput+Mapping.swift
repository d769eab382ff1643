import CFileMapping
import Foundation
import Synchronization

extension FileInput {
    /// Files smaller than this are read: mapping one costs more than copying it.
    static let smallestMapped = 256 * 1024

    /// The bytes of the regular file at `path`, as ``read(_:limit:)`` gives them, but mapped
    /// from the system's cache of the file instead of copied into memory of the program's
    /// own: a nightly export is megabytes, and on a virtual machine whose host takes back
    /// its guest's free memory, fresh memory costs several times what it does warm (one
    /// more day of the 3-year sample, each night three seconds after the last: 99 ms with
    /// the export read, 85 mapped, over 20 nights each). Small files, and a file that
    /// cannot be mapped, are read.
    ///
    /// The bytes are the file's as it is: ask ``isIntact(_:)`` once they have been used
    /// whether it changed meanwhile. A file cut short meanwhile reads as zeros past its new
    /// end instead of ending the program.
    public static func mapped(_ path: String, limit: Int) throws(Problem) -> Data {
        let (descriptor, size, modified) = try opened(path, limit: limit)
        guard size >= smallestMapped, let base = bb_map_guarded(descriptor, size) else {
            defer { close(descriptor) }
            return try read(descriptor, size: size, limit: limit)
        }
        let address = UInt(bitPattern: base)
        mappings.withLock { $0[address] = Mapping(descriptor: descriptor, size: size, modified: modified) }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: size, deallocator: .custom { _, _ in
            let mapping = mappings.withLock { $0.removeValue(forKey: address) }
            bb_unmap_guarded(UnsafeRawPointer(bitPattern: address), size)
            if let mapping { close(mapping.descriptor) }
        })
    }

    /// Whether `data`, when ``mapped(_:limit:)`` gave it, is still its file's bytes: the
    /// file was neither written to nor cut short since it was opened. Any other data is.
    public static func isIntact(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress,
                  let mapping = mappings.withLock({ $0[UInt(bitPattern: base)] }) else { return true }
            var info = stat()
            return bb_mapping_was_cut(base) == 0 && fstat(mapping.descriptor, &info) == 0 && Int(info.st_size) == mapping.size
                && info.st_mtim.tv_sec == mapping.modified.tv_sec && info.st_mtim.tv_nsec == mapping.modified.tv_nsec
        }
    }

    /// A file mapped, kept open to be asked whether it changed.
    private struct Mapping: Sendable {
        let descriptor: Int32
        let size: Int
        let modified: timespec
    }

    /// The files mapped, by the address of their bytes.
    private static let mappings = Mutex<[UInt: Mapping]>([:])
}
