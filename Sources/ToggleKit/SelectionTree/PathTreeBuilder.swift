/// Builds the nodes of label paths, each node's id its escaped path, in a draft that becomes the
/// tree.
///
/// A path that needs no escaping (no `\`, no control character) is its own id and each prefix
/// up to a separator is its ancestor's: the nodes are found and made from the path's bytes, with
/// no label list and no id concatenated. Consecutive paths usually share a prefix (sorted lists,
/// `find` output), so the previous path's nodes are reused for the bytes they share, and every
/// other node is made new with no lookup: an id index looked up per new node is a cache miss each
/// (a third of a build). The ids are indexed a batch at a time, whenever the draft has doubled and
/// at the end, each id once. If a path came back to a folder it had left (`a/b`, `a/x`, `a/b/c`:
/// `a/b` made twice), the repeats are merged then, in one more pass, and from then on each new
/// node's id is looked up first, so that a list in no order never fills the draft with repeats.
/// A leading separator is a root labelled with the separator alone (`/usr` is `usr` under `/`).
struct PathTreeBuilder: Sendable {
  private var draft: TreeDraft<String>
  private let separator: Unicode.Scalar
  /// The previous path's id bytes (its bytes, when it took the fast way), and the end of each of
  /// its components' ids in them with the node it named.
  private var previous: [UInt8] = []
  private var previousNodes: [(end: Int, node: Int32)] = []
  /// The draft's size at which the ids made since the last check are indexed and checked for
  /// repeats (it doubles each time, so that each id is indexed once in all).
  private var nextCheck = 1 << 14
  /// Whether the checks for repeats wait.
  ///
  /// While a stream appends the nodes to a tree whose own index finds a repeat as it comes
  /// (``TreeParser/deferRepeatChecks(_:)``), the draft does not index them a second time. The
  /// draft is checked whole when it is taken.
  var defersChecks = false
  /// Whether each new node's id is looked up first: since paths came back to folders they had
  /// left, so that making nodes again would fill the draft with repeats.
  private var looksUp = false
  /// Where each node went when repeats were merged, until ``takeMoves()`` takes it.
  private var moves: [Int32]? = nil

  /// A builder with room for `capacity` nodes.
  ///
  /// When `hashing`, each id is hashed as it is made (its bytes then in cache) and the index
  /// reads those hashes, not the ids again: a build from paths 11% faster, for 8 bytes a node
  /// until the ids are indexed.
  init(capacity: Int, separator: Unicode.Scalar, hashing: Bool = true) {
    draft = TreeDraft(capacity: capacity, hashing: hashing)
    self.separator = separator
  }

  /// The number of nodes made.
  var count: Int { draft.count }

  /// Each node's id's hash, in node order, when the draft keeps them (else empty).
  var idHashes: [Int] { draft.hashes }

  /// The nodes made from `start` on, when the paths so far came in preorder
  /// (``TreeDraft/preorderNodes(from:)``).
  ///
  /// Repeats merged since a tree was laid out from the nodes before `start` would have moved
  /// them; none are while a stream appends (``defersChecks``), and a tree laid out after a merge
  /// has the merged draft's order.
  func preorderNodes(from start: Int) -> (
    ids: ArraySlice<String>, labels: ArraySlice<String>, parents: ArraySlice<Int32>
  )? {
    draft.preorderNodes(from: start)
  }

  /// The draft, its ids indexed and any repeats merged, taken out of the builder: it has no other
  /// owner, so laying it out writes its arrays in place. (``takeMoves()`` then says where the
  /// nodes went if repeats were merged.)
  mutating func takeDraft() -> TreeDraft<String> {
    if !looksUp { mergeRepeats() }
    draft.dropHashes()  // indexed: not needed while the tree is laid out
    var taken = TreeDraft<String>(capacity: 0)
    swap(&taken, &draft)
    return taken
  }

  /// Where each node made went, when repeats were merged since the last call (several nodes to
  /// one, and the positions of the nodes made since then are the new ones); nil when none were.
  mutating func takeMoves() -> [Int32]? {
    defer { moves = nil }
    return moves
  }

  /// Indexes the ids made since the last check; if one repeats an earlier id, merges each node
  /// made again into the node first made for its id (its children hang from that one, siblings
  /// keep their order of first appearance) and looks every id up from then on.
  private mutating func mergeRepeats() {
    guard draft.indexNew() != nil else { return }
    var taken = TreeDraft<String>(capacity: 0)
    swap(&taken, &draft)
    draft = TreeDraft(capacity: taken.count)
    var moved = [Int32](repeating: -1, count: taken.count)
    for node in 0..<taken.count {
      let parent = taken.parents[node] < 0 ? -1 : moved[Int(taken.parents[node])]
      moved[node] = place(id: taken.ids[node], label: taken.labels[node], parent: parent)
    }
    for index in previousNodes.indices {
      previousNodes[index].node = moved[Int(previousNodes[index].node)]
    }
    moves = moved
    looksUp = true
  }

  /// Adds the paths in order; the first that is empty or has an empty label, if any, with its index.
  mutating func add(contentsOf paths: UnsafeBufferPointer<String>) -> (Int, String)? {
    for entry in paths.indices where add(paths[entry]) == nil { return (entry, paths[entry]) }
    return nil
  }

  /// Adds a path's missing nodes: the node the path names, or nil when the path or one of its
  /// labels is empty.
  mutating func add(_ path: String) -> Int32? {
    if separator.isASCII {
      var text = path
      let handled = text.withUTF8 { addFast($0, path: path) }
      if let handled { return handled }
    }
    guard let labels = try? LabelPath.labels(of: path, separator: separator) else {
      previous = []
      previousNodes = []
      return nil
    }
    return add(labels: labels)
  }

  /// Adds a file's path as another program wrote it, read literally
  /// (``LabelPath/labels(ofName:separator:)``): the node it names, or nil when a label is empty.
  mutating func add(name bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    if separator.isASCII, !bytes.contains(where: LabelEscaping.mayNeedEscape),
      var path = String(validating: bytes, as: UTF8.self)
    {
      // Literal and escaped are the same text: the fast way.
      let separatorByte = UInt8(separator.value)
      if bytes.count > 1 && bytes[bytes.count - 1] == separatorByte
        && bytes[bytes.count - 2] != separatorByte
      {
        path.removeLast()
      }
      return add(path)
    }
    guard let labels = try? LabelPath.labels(ofName: bytes, separator: separator) else {
      previous = []
      previousNodes = []
      return nil
    }
    return add(labels: labels)
  }

  /// Adds the missing nodes of a path given as its labels (none empty): the node it names.
  mutating func add(labels: [String]) -> Int32 {
    // The components whose ids the previous path's id starts with are its nodes; the rest are new.
    var parent: Int32 = -1
    var id: String? = nil
    var shared = 0
    var madeNew = false
    for label in labels {
      var path = LabelEscaping.extending(id, with: label, separator: separator)
      let end = path.utf8.count
      if shared < previousNodes.count, previousNodes[shared].end == end,
        path.withUTF8({ $0.elementsEqual(previous[..<end]) })
      {
        parent = previousNodes[shared].node
        shared += 1
      } else {
        previousNodes.removeSubrange(shared...)
        parent = node(id: path, label: label, parent: parent)
        previousNodes.append((end, parent))
        shared = previousNodes.count
        madeNew = true
      }
      id = path
    }
    // A path that names one of the previous path's folders leaves it the previous path.
    if madeNew { previous = Array((id ?? "").utf8) }
    return parent
  }

  /// The fast way, for a path that needs no escaping: nil when it does; `.some(nil)` when it has an
  /// empty label.
  private mutating func addFast(_ bytes: UnsafeBufferPointer<UInt8>, path: String) -> Int32?? {
    let separatorByte = UInt8(separator.value)
    if bytes.contains(where: LabelEscaping.mayNeedEscape) { return nil }
    if bytes.isEmpty { return .some(nil) }
    // A leading separator is the bare root: its component is that byte, and the next one starts
    // right after it (`/usr` is `usr` under `/`).
    let rooted = bytes[0] == separatorByte
    // The components shared with the previous path, byte for byte.
    var shared = 0
    var start = 0
    while shared < previousNodes.count {
      let end = previousNodes[shared].end
      let bare = rooted && shared == 0
      guard end <= bytes.count, bare || end == bytes.count || bytes[end] == separatorByte,
        end <= previous.count,
        bytes[start..<end].elementsEqual(previous[start..<end])
      else { break }
      start = bare ? end : end + 1
      shared += 1
    }
    // A path that names one of the previous path's folders (`a/b` after `a/b/c`, as `du` lists)
    // leaves it the previous path: the paths after it may go back into it.
    if shared > 0 && previousNodes[shared - 1].end == bytes.count {
      return previousNodes[shared - 1].node
    }
    previousNodes.removeSubrange(shared...)
    var parent: Int32 = shared == 0 ? -1 : previousNodes[shared - 1].node
    if rooted && shared == 0 {
      parent = node(id: String(separator), label: String(separator), parent: -1)
      previousNodes.append((1, parent))
      start = 1
    }
    if rooted && bytes.count == 1 {
      previous = [separatorByte]
      return parent
    }
    while start <= bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != separatorByte { end += 1 }
      if end == start {
        previous = []
        previousNodes = []
        return .some(nil)
      }
      let id =
        end == bytes.count
        ? path : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
      let label =
        start == 0 && end == bytes.count
        ? path
        : String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      parent = node(id: id, label: label, parent: parent)
      previousNodes.append((end, parent))
      start = end + 1
    }
    previous.removeAll(keepingCapacity: true)
    previous.append(contentsOf: bytes)
    return parent
  }

  /// A new node with this id under `parent` (another node may have the id until the next check
  /// merges them), or the node that has it once ids are looked up.
  private mutating func node(id: String, label: String, parent: Int32) -> Int32 {
    if looksUp { return place(id: id, label: label, parent: parent) }
    draft.append(id: id, label: label, parent: parent)
    let made = draft.count - 1
    guard draft.count >= nextCheck, !defersChecks else { return Int32(made) }
    nextCheck = draft.count * 2
    mergeRepeats()
    return moves.map { $0[made] } ?? Int32(made)
  }

  /// The node with this path id under `parent`: the one that has it, else a new one.
  ///
  /// An id that Swift calls equal to another's but whose bytes differ (a label that differs from
  /// a sibling's only in its Unicode normalisation, two names to a file system; or one below such
  /// a label) is a new node, its id spelled apart
  /// (``LabelEscaping/extendingApart(_:with:separator:)``).
  private mutating func place(id: String, label: String, parent: Int32) -> Int32 {
    guard let existing = draft.appendNew(id: id, label: label, parent: parent) else {
      return Int32(draft.count - 1)
    }
    if LabelBytes.same(draft.ids[existing], id) { return Int32(existing) }
    let apart = LabelEscaping.extendingApart(
      parent < 0 ? nil : draft.ids[Int(parent)], with: label, separator: separator)
    return Int32(draft.appendNew(id: apart, label: label, parent: parent) ?? draft.count - 1)
  }
}
