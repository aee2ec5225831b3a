import ToggleKit

extension Explorer {
  /// Whether the folders a filter needs are being read (the status line shows how far).
  package var isReading: Bool { backgroundRead != nil }

  /// Reads folders for the filter while `more()` says so, one folder at a time; when every
  /// folder is read, puts them into the tree and filters it again.
  ///
  /// The session calls it between keys with a time budget, so a filter over a large folder
  /// never freezes the screen: the prompt, the keys and Ctrl-C work while it reads. Whenever
  /// the read has brought as many names as the tree holds, they go in and the filter runs
  /// again, so matches show as they are found: O(log n) times in all.
  ///
  /// - Complexity: The reads, then O(n log n) for n nodes in all.
  package mutating func continueReading(while more: () -> Bool) {
    guard var read = backgroundRead, let loader else { return }
    // What is read goes in once it is as many names as the tree holds (a doubling).
    let batch = max(Self.readBatch, tree.count)
    while !read.isDone && read.count.waiting < batch && more() {
      // The loader reports what it cannot read itself, as an empty folder.
      try? read.step(using: loader)
    }
    backgroundRead = read
    if read.isDone || read.count.waiting >= batch { finishReading(filtering: true) }
  }

  /// The fewest names a read brings before they go into the tree.
  static var readBatch: Int { 4_096 }

  /// Starts reading every folder for the filter, or reads them at once outside a session.
  mutating func readForFilter() {
    guard loader != nil, !unloaded.isEmpty, backgroundRead == nil else { return }
    if settings.readsInBackground {
      backgroundRead = LazyTree(tree, unloaded: unloaded).stepRead()
    } else {
      load(nil)
    }
  }

  /// Puts what the read has read into the tree and filters again when `filtering` (without
  /// starting another read: a folder that could not be read stays so); the read goes on while
  /// folders are left to read and the filter is kept.
  mutating func finishReading(filtering: Bool) {
    guard var read = backgroundRead else { return }
    keepingPlace { explorer in
      var lazy = LazyTree(explorer.tree, unloaded: explorer.unloaded)
      do {
        try lazy.fill(&read)
      } catch {
        explorer.message = "\(error)"
      }
      explorer.tree = lazy.tree
      explorer.unloaded = lazy.unloaded
    }
    backgroundRead = filtering && !read.isDone ? read : nil
    if filtering && !finding.text.isEmpty { setFilter(finding.text, reading: false) }
  }

  /// The status line's part for a read under way: "reading… 12 folders, 3,456 names".
  var readingProgress: String? {
    backgroundRead.map {
      "reading… \(Self.grouped($0.count.nodes)) folder\($0.count.nodes == 1 ? "" : "s"), "
        + "\(Self.grouped($0.count.entries)) name\($0.count.entries == 1 ? "" : "s")"
    }
  }
}
