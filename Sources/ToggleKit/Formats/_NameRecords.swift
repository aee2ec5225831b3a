/// Names from another program, each ended by a NUL byte (`find -print0`, `git ls-files -z`), read
/// literally into a path builder as they arrive: every byte sequence a file system allows is a
/// name, and each comes out of ``LabelBytes/bytes(of:)`` exactly as it came in.
///
/// A record is split at the separator and nothing else (``LabelPath/labels(ofName:separator:)``):
/// no escape, no marker, no line end. An empty record is skipped; an empty component (`a//b`) is
/// the record's error, named by its number.
struct _NameRecords: Sendable {
  private let file: String?
  private let separator: Unicode.Scalar
  private var builder: PathTreeBuilder
  /// The bytes of a record begun but not ended yet.
  private var pending: [UInt8] = []
  /// The number of the next record to end, from 1.
  private(set) var record = 1

  /// Records with room for about `capacity` nodes before the arrays grow.
  init(file: String?, separator: Unicode.Scalar, capacity: Int) {
    self.file = file
    self.separator = separator
    builder = PathTreeBuilder(capacity: capacity, separator: separator)
  }

  /// Reads the records these bytes end, and keeps one they leave open.
  ///
  /// - Throws: ``TreeFormatError`` for a record with an empty component or too many labels.
  /// - Complexity: O(bytes).
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(TreeFormatError) {
    var start = 0
    while let stop = _firstIndex(of: 0, in: bytes, from: start) {
      if pending.isEmpty {
        try read(UnsafeBufferPointer(rebasing: bytes[start..<stop]))
      } else {
        pending.append(contentsOf: bytes[start..<stop])
        let whole = pending
        pending = []
        try whole.withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in try read(buffer) }
      }
      start = stop + 1
    }
    pending.append(contentsOf: bytes[start...])
  }

  /// Reads a last record that no NUL ended.
  mutating func endRecords() throws(TreeFormatError) {
    guard !pending.isEmpty else { return }
    let whole = pending
    pending = []
    try whole.withUnsafeBufferPointer { (buffer) throws(TreeFormatError) in try read(buffer) }
  }

  /// Reads one record.
  private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(TreeFormatError) {
    let number = record
    record += 1
    guard !bytes.isEmpty else { return }
    if bytes.count > 2 * Int(_maximumParsedDepth),
      let labels = try? LabelPath.labels(ofName: bytes, separator: separator),
      labels.count > Int(_maximumParsedDepth)
    {
      throw TreeFormatError(file: file, line: number, column: 1, message: _tooDeepMessage)
    }
    guard builder.add(name: bytes) != nil else {
      throw TreeFormatError(
        file: file, line: number, column: 1,
        message: "empty label in name (a '\(separator)' doubled)")
    }
  }

  /// The nodes of the records read from node `start` on, when they made their nodes in preorder
  /// (``PathTreeBuilder/preorderNodes(from:)``).
  func plainPreorderNodes(from start: Int) -> (
    ids: ArraySlice<String>, labels: ArraySlice<String>, parents: ArraySlice<Int32>
  )? {
    builder.preorderNodes(from: start)
  }

  /// The number of nodes made.
  var nodeCount: Int { builder.count }

  /// Each node's id's hash, when kept (``PathTreeBuilder/idHashes``).
  var idHashes: [Int] { builder.idHashes }

  /// Whether the builder's checks for repeats wait (``PathTreeBuilder/defersChecks``).
  var defersChecks: Bool {
    get { builder.defersChecks }
    set { builder.defersChecks = newValue }
  }

  /// The tree of the records read.
  mutating func finish(options: SelectionTree<String>.Options) throws(TreeFormatError)
    -> SelectionTree<String>
  {
    try endRecords()
    let draft = builder.takeDraft()
    return try _ParsedMarkers(capacity: 0).build(draft, options: options, file: file)
  }
}
