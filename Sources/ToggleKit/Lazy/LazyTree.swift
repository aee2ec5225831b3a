/// A selection tree whose folders may not be read yet: an unloaded node is a leaf of ``tree``
/// until a loader fills it — when it is expanded, searched into, or an operation needs what is in
/// it (rc-tree's `loadData`, MUI X Tree View's lazy loading).
///
/// ```swift
/// var lazy = LazyTree(try SelectionTree(paths: ["src", "README"]), unloaded: ["src"])
/// try lazy.tree.toggle("src")                  // "src" means everything in it
/// try lazy.load("src") { _ in .init(entries: [.init(id: "src/a", parent: "src", label: "a")]) }
/// lazy.tree.selection(.leaves)                 // ["src/a"]: it came in selected
/// ```
///
/// A selected unloaded node means "everything in it": what a loader brings inherits its selection
/// and lock, as in ``SelectionTree/reload(from:newChildren:)``. So ``selection(_:unloaded:using:)``
/// in `.topmost` form loads nothing, and `.leaves` reports an unloaded node as a unit
/// (``UnloadedNodes/asUnits``) or loads it first (``UnloadedNodes/loaded``), as each call chooses.
///
/// A load is an insert: the tree keeps every node's selection, locks, expansion and filter;
/// ``loadAll(under:using:)`` reads everything below a node first and inserts it in one edit.
/// - Complexity: A load of m nodes into n costs O(log n + m), O((log n) m) with derived attributes
///   (O(n + m) for a tree's first edit, or a source reading states: ``SelectionTree`` → Cost).
public struct LazyTree<ID: Hashable> {
  /// What a loader returns for a node: the nodes below it (each entry's parent is the node or
  /// another of the entries), and which of them are unloaded in turn.
  public struct Children {
    /// The nodes below the loaded node, in order.
    public var entries: [SelectionTree<ID>.Entry]
    /// The entries whose own children are not loaded yet.
    public var unloaded: Set<ID>

    /// Children for a loaded node.
    ///
    /// ```swift
    /// LazyTree<String>.Children(entries: [.init(id: "a/b", parent: "a", label: "b")], unloaded: ["a/b"])
    /// ```
    public init(entries: [SelectionTree<ID>.Entry], unloaded: Set<ID> = []) {
      self.entries = entries
      self.unloaded = unloaded
    }
  }

  /// How ``selection(_:unloaded:using:)`` treats a selected unloaded node in `.leaves` form.
  public enum UnloadedNodes: String, Hashable, Sendable, CaseIterable {
    /// Listed itself, as one leaf standing for everything in it.
    case asUnits
    /// Loaded first (with everything below it), so that its leaves are listed.
    case loaded
  }

  /// The nodes loaded so far, unloaded ones as leaves.
  public var tree: SelectionTree<ID>
  /// The nodes noted unloaded that are leaves of ``tree`` now.
  /// - Complexity: O(u log n) for u nodes noted.
  public var unloaded: Set<ID> { noted.filter(isUnloaded) }
  /// The nodes noted unloaded, whatever the tree has become since.
  private var noted: Set<ID>

  /// A lazy tree over `tree`, with `unloaded` naming its leaves whose children are not loaded (a
  /// node that has children in `tree` is loaded, and dropped from the set).
  ///
  /// - Complexity: O(u log n) for u unloaded nodes.
  public init(_ tree: SelectionTree<ID>, unloaded: Set<ID>) {
    self.tree = tree
    noted = unloaded.filter { tree.contains($0) && tree.children(of: $0).isEmpty }
  }

  /// Notes that `id`, a leaf of the tree, is unloaded (a model replaying loads on an old tree).
  mutating func markUnloaded(_ id: ID) {
    if tree.contains(id) && tree.children(of: id).isEmpty { noted.insert(id) }
  }

  /// Whether `id`'s children are not loaded yet.
  /// - Complexity: O(log n).
  public func isUnloaded(_ id: ID) -> Bool {
    noted.contains(id) && tree.contains(id) && tree.children(of: id).isEmpty
  }

  /// Loads `id` with `loader` (nothing when it is loaded already).
  ///
  /// - Throws: What `loader` throws, or a ``SelectionTreeError`` for children that do not fit.
  /// - Complexity: O(log n + m) for m nodes loaded.
  public mutating func load(_ id: ID, using loader: (ID) throws -> Children) throws {
    guard isUnloaded(id) else { return }
    try fill([id: try loader(id)])
  }

  /// Loads `id` with an asynchronous loader (nothing when it is loaded already).
  ///
  /// ```swift
  /// try await lazy.load("src") { id in try await api.children(of: id) }   // a remote catalogue
  /// ```
  /// - Throws: What `loader` throws, or a ``SelectionTreeError`` for children that do not fit.
  /// - Complexity: O(log n + m) for m nodes loaded, plus the loader's wait.
  public mutating func load(_ id: ID, using loader: (ID) async throws -> Children) async throws {
    guard isUnloaded(id) else { return }
    try fill([id: try await loader(id)])
  }

  /// Expands `id`, loading it first when it is unloaded.
  ///
  /// ```swift
  /// try lazy.expand("src", using: loader.children)   // a DirectoryLoader, or any loader
  /// ```
  /// - Throws: What `loader` throws, or a ``SelectionTreeError``.
  /// - Complexity: As loading, O(log n + m) for m nodes loaded.
  public mutating func expand(_ id: ID, using loader: (ID) throws -> Children) throws {
    try load(id, using: loader)
    try tree.expand(id)
  }

  /// Loads every unloaded node below `id` (`id` itself included; the whole tree when nil), and
  /// what they bring, then inserts them all in one edit.
  ///
  /// - Throws: What `loader` throws, or a ``SelectionTreeError``.
  /// - Complexity: O(b log n + m) for m nodes loaded under b nodes, iterative whatever the depth.
  public mutating func loadAll(under id: ID? = nil, using loader: (ID) throws -> Children) throws {
    try loadAll(unloaded.filter { id == nil || isWithin($0, id!) }, using: loader)
  }

  /// The selection in `form`; in `.leaves` form an unloaded node that is selected is listed as
  /// one leaf (``UnloadedNodes/asUnits``) or loaded first (``UnloadedNodes/loaded``, which needs
  /// `loader`).
  ///
  /// An unloaded node that kept decisions below it make mixed (``mixedByDecisions``) is not wholly
  /// selected, nor are its ancestors: no form lists them, and `.topmost` lists their wholly
  /// selected descendants instead. What is selected inside such a node is said exactly by the
  /// spec (``SelectionTree/selectionSpec(_:)``), or by `.leaves` with ``UnloadedNodes/loaded``,
  /// which loads it too.
  ///
  /// ```swift
  /// try lazy.selection(.topmost)                                     // never loads
  /// try lazy.selection(.leaves, unloaded: .loaded, using: loader.children)
  /// ```
  /// - Throws: What `loader` throws, or a ``SelectionTreeError``.
  /// - Complexity: As ``SelectionTree/selection(_:)``, plus loading the selected unloaded nodes,
  ///   plus ``mixedByDecisions`` while the tree keeps decisions.
  public mutating func selection(
    _ form: SelectionForm, unloaded treatment: UnloadedNodes = .asUnits,
    using loader: ((ID) throws -> Children)? = nil
  ) throws -> [ID] {
    if form != .topmost && treatment == .loaded, let loader {
      let mixed = mixedByDecisions
      try loadAll(
        unloaded.filter { tree.state(of: $0) == .on || mixed.contains($0) }, using: loader)
    }
    let mixed = mixedByDecisions
    guard !mixed.isEmpty else { return tree.selection(form) }
    // A node that decisions below an unloaded node make mixed is not wholly selected: it is left
    // out, and in `.topmost` form its wholly selected descendants stand for it.
    guard form == .topmost else { return tree.selection(form).filter { !mixed.contains($0) } }
    var result: [ID] = []
    for top in tree.selection(.topmost) {
      var pending = [top]
      while let next = pending.popLast() {
        if mixed.contains(next) {
          pending += tree.children(of: next).reversed()
        } else {
          result.append(next)
        }
      }
    }
    return result
  }

  /// Reads `roots` and everything their loads bring, then fills them all at once.
  private mutating func loadAll(_ roots: Set<ID>, using loader: (ID) throws -> Children) throws {
    var loaded: [ID: Children] = [:]
    var pending = Array(roots)
    while let next = pending.popLast() {
      guard loaded[next] == nil else { continue }
      let children = try loader(next)
      loaded[next] = children
      pending += children.unloaded
    }
    try fill(loaded)
  }

  /// Whether `id` is `ancestor` or below it.
  private func isWithin(_ id: ID, _ ancestor: ID) -> Bool {
    var node: ID? = id
    while let current = node {
      if current == ancestor { return true }
      node = tree.parent(of: current)
    }
    return false
  }

  /// Puts the loaded children into the tree: one insert per node filled directly, the children
  /// of nodes its load named unloaded and loaded too inserted with it, so that the new nodes
  /// inherit the selection and locks of the nodes they were loaded into.
  @specialized(where ID == String)
  @specialized(where ID == Int)
  mutating func fill(_ loaded: [ID: Children]) throws(SelectionTreeError) {
    // What is filled: the unloaded nodes given, and the nodes their children name as unloaded,
    // which go in with the node that was filled directly.
    var batches: [(parent: ID, entries: [SelectionTree<ID>.Entry])] = []
    var filled: [ID] = []
    var pending = loaded.keys.filter(isUnloaded).map { ($0, batch: nil as Int?) }
    var seen = Set(pending.map(\.0))
    while let (next, batch) = pending.popLast() {
      filled.append(next)
      let into = batch ?? batches.count
      // A node's own entries are taken as they are (shared, not copied); those of nodes that go
      // in with it are appended.
      if batch == nil {
        batches.append((next, loaded[next]!.entries))
      } else {
        batches[into].entries += loaded[next]!.entries
      }
      for child in loaded[next]!.unloaded where loaded[child] != nil && seen.insert(child).inserted
      {
        pending.append((child, into))
      }
    }
    guard !filled.isEmpty else { return }
    try tree.append(batches, newChildren: .inheritFullySelectedParent)
    for id in filled {
      noted.formUnion(loaded[id]!.unloaded.filter { tree.children(of: $0).isEmpty })
    }
    noted.subtract(filled)
  }
}

extension LazyTree.Children: Sendable where ID: Sendable {}
