/// Output bytes gathered into pieces of whole lines of about 64 KiB, each handed on as one string.
struct _OutputChunk {
  /// The size past which a piece is handed on.
  static let size = 1 << 16
  /// The bytes not handed on yet.
  var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(Self.size + 4_096) }

  /// Ends a line: hands the piece to `emit` once it has grown past ``size``.
  mutating func endLine(_ emit: (String) -> Void) {
    if bytes.count >= Self.size { flush(emit) }
  }

  /// Hands what is gathered to `emit`, if anything.
  mutating func flush(_ emit: (String) -> Void) {
    guard !bytes.isEmpty else { return }
    emit(String(decoding: bytes, as: UTF8.self))
    bytes.removeAll(keepingCapacity: true)
  }
}
