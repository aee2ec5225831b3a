/// What the JSON reader reports as it reads node objects, in document order; a handle names an
/// open node object.
protocol _JSONSink {
  /// A node object opens at `line`:`column`, in the children of `parent` (-1: at the top).
  mutating func open(parent: Int32, line: Int, column: Int) throws(TreeFormatError) -> Int32
  /// One of the open node's keys and its value.
  mutating func set(_ field: _JSONTree.Field, of node: Int32) throws(TreeFormatError)
  /// The open node's children array opens.
  mutating func openChildren(of node: Int32) throws(TreeFormatError)
  /// The node object closes; its children closed before it.
  mutating func close(_ node: Int32) throws(TreeFormatError)
}

extension _JSONTree {
  /// A key of a node object with its value.
  enum Field {
    case id(String)
    case label(String)
    case selected(Bool)
    case locked(Bool)
    case disabled(Bool)
    case attribute(name: String, value: String)
  }

  /// The error for a node object with neither key.
  static func needsLabel(file: String?, line: Int, column: Int) -> TreeFormatError {
    TreeFormatError(
      file: file, line: line, column: column, message: "a node needs a \"label\" or an \"id\"")
  }

  /// Collects every node first and builds the tree when all are read: any key order works.
  struct NodeList: _JSONSink {
    let file: String?
    var nodes: [ParsedNode] = []
    var hasLabel: [Bool] = []

    mutating func open(parent: Int32, line: Int, column: Int) -> Int32 {
      nodes.append(
        ParsedNode(
          label: "", explicitID: nil, parent: parent, line: line, column: column, selected: nil))
      hasLabel.append(false)
      return Int32(nodes.count - 1)
    }

    mutating func set(_ field: Field, of node: Int32) {
      let index = Int(node)
      switch field {
      case .id(let id): nodes[index].explicitID = id
      case .label(let label):
        nodes[index].label = label
        hasLabel[index] = true
      case .selected(let flag): nodes[index].selected = flag
      case .locked(let flag): nodes[index].locked = flag
      case .disabled(let flag): nodes[index].disabled = flag
      case .attribute(let name, let value): nodes[index].attributes[name] = value
      }
    }

    func openChildren(of node: Int32) {}

    mutating func close(_ node: Int32) throws(TreeFormatError) {
      let index = Int(node)
      guard !hasLabel[index] else { return }
      guard let id = nodes[index].explicitID else {
        throw needsLabel(file: file, line: nodes[index].line, column: nodes[index].column)
      }
      nodes[index].label = id
    }

    consuming func build(
      options: SelectionTree<String>.Options, uniqueSiblingLabels: Bool
    ) throws(TreeFormatError) -> SelectionTree<String> {
      try buildParsedTree(
        nodes, file: file, separator: "/", options: options,
        uniqueSiblingLabels: uniqueSiblingLabels)
    }
  }

  /// Writes each node straight into a tree draft as soon as its id is known.
  ///
  /// A node is written at its children array or at its end. Throws ``DraftWriter/needsNodeList`` when a document needs
  /// ``NodeList``: a label or id after the children, or a node without an id past the depth limit
  /// (whose error ``NodeList`` gives in its place among the others).
  struct DraftWriter: _JSONSink {
    /// Not an error of the document: the sign to read it again with ``NodeList``.
    static let needsNodeList = TreeFormatError(
      file: nil, line: 0, column: 0, message: "read this document as a node list")

    /// An open node object: its keys so far, and its draft node once written.
    struct Open {
      var node: Int32 = -1
      var line: Int32
      var column: Int32
      var label: String? = nil
      var id: String? = nil
      var selected: Bool? = nil
      var locked = false
      var disabled = false
      var attributes: [String: String] = [:]
      /// The label path of a node with its own id, made when a descendant without one needs it.
      var path: String? = nil
    }

    let file: String?
    var open: [Open] = []
    var draft: TreeDraft<String>
    var markers: _ParsedMarkers
    var lines: [Int32] = []
    var columns: [Int32] = []
    var hasOwnID: [Bool] = []
    var anyOwnID = false

    init(file: String?, capacity: Int) {
      self.file = file
      draft = TreeDraft(capacity: capacity, hashing: true)
      markers = _ParsedMarkers(capacity: capacity)
      lines.reserveCapacity(capacity)
      columns.reserveCapacity(capacity)
      hasOwnID.reserveCapacity(capacity)
    }

    mutating func open(parent: Int32, line: Int, column: Int) -> Int32 {
      open.append(Open(line: Int32(clamping: line), column: Int32(clamping: column)))
      return Int32(open.count - 1)
    }

    mutating func set(_ field: Field, of node: Int32) throws(TreeFormatError) {
      let index = Int(node)
      switch field {
      case .id(let id):
        guard open[index].node < 0 else { throw Self.needsNodeList }
        open[index].id = id
      case .label(let label):
        guard open[index].node < 0 else { throw Self.needsNodeList }
        open[index].label = label
      case .selected(let flag): open[index].selected = flag
      case .locked(let flag): open[index].locked = flag
      case .disabled(let flag): open[index].disabled = flag
      case .attribute(let name, let value): open[index].attributes[name] = value
      }
    }

    mutating func openChildren(of node: Int32) throws(TreeFormatError) {
      let index = Int(node)
      guard open[index].node < 0 else { return }
      guard open[index].label != nil || open[index].id != nil else { throw Self.needsNodeList }
      try write(index)
    }

    mutating func close(_ node: Int32) throws(TreeFormatError) {
      let index = Int(node)
      if open[index].node < 0 {
        guard open[index].label != nil || open[index].id != nil else {
          throw needsLabel(
            file: file, line: Int(open[index].line), column: Int(open[index].column))
        }
        try write(index)
      }
      let closing = open.removeLast()
      if closing.selected != nil || closing.locked || closing.disabled {
        markers.set(
          closing.node, selected: closing.selected, locked: closing.locked,
          disabled: closing.disabled)
      }
      if !closing.attributes.isEmpty { draft.attributes[closing.node] = closing.attributes }
    }

    /// Appends the open node at `index` (its ancestors are written) to the draft.
    private mutating func write(_ index: Int) throws(TreeFormatError) {
      let label = open[index].label ?? open[index].id!
      let id: String
      if let own = open[index].id {
        id = own
        anyOwnID = true
      } else {
        // Ids are paths, so memory grows with the square of the depth: refused past the limit.
        guard index < Int(_maximumParsedDepth) else { throw Self.needsNodeList }
        id = LabelEscaping.extending(
          index > 0 ? path(of: index - 1) : nil, with: label, separator: "/")
      }
      open[index].node = Int32(draft.count)
      draft.append(id: id, label: label, parent: index > 0 ? open[index - 1].node : -1)
      lines.append(open[index].line)
      columns.append(open[index].column)
      hasOwnID.append(open[index].id != nil)
    }

    /// The label path of the written open node at `index`: its id, unless it has its own; then
    /// made from the nearest ancestor whose path is known, once.
    private mutating func path(of index: Int) -> String {
      if open[index].id == nil { return draft.ids[Int(open[index].node)] }
      if let path = open[index].path { return path }
      var known = index
      while known >= 0 && open[known].id != nil && open[known].path == nil { known -= 1 }
      var path: String? =
        known < 0
        ? nil : open[known].id == nil ? draft.ids[Int(open[known].node)] : open[known].path
      for member in (known + 1)...index {
        path = LabelEscaping.extending(
          path, with: open[member].label ?? open[member].id!, separator: "/")
        open[member].path = path
      }
      return path!
    }

    /// The tree: labels repeated among siblings (where they must be unique) and repeated ids are
    /// errors, in that order; then markers are applied and the draft laid out.
    consuming func build(
      options: SelectionTree<String>.Options, uniqueSiblingLabels: Bool
    ) throws(TreeFormatError) -> SelectionTree<String> {
      if uniqueSiblingLabels && anyOwnID,
        let (first, second) = _repeatedSiblingLabel(
          count: draft.count, parent: { draft.parents[$0] }, label: { draft.labels[$0] })
      {
        let parent = Int(draft.parents[second])
        throw _repeatedSiblingLabelError(
          label: draft.labels[second], parentLabel: parent >= 0 ? draft.labels[parent] : nil,
          firstLine: Int(lines[first]), line: Int(lines[second]), column: Int(columns[second]),
          file: file)
      }
      // Labels that differ only in their Unicode normalisation are two nodes (ids apart).
      if let (first, second) = draft.indexAllApart(separator: "/", isPathID: { !hasOwnID[$0] }) {
        throw _duplicateIDError(
          draft, first: first, second: second, hasOwnID: hasOwnID, lines: lines, columns: columns,
          file: file)
      }
      var tree = try markers.build(draft, options: options, file: file)
      // A node's own id may leave another with its path: paths are then found by their labels.
      if anyOwnID { tree.idsAreTheirPaths = tree.allHaveTheirPaths() }
      return tree
    }
  }
}
