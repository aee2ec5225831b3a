extension SelectionSpec {
  /// The spec as rsync filter rules: with them rsync transfers exactly the selected files, today's
  /// and those that appear later below a decision.
  ///
  /// rsync takes the first rule that matches and never enters a folder it excluded, so the rules
  /// open the folders above each include first (`+ /a/`), then give each decision, deepest first,
  /// for the node itself and for everything in it (`+ /a/b` and `+ /a/b/***`: the second alone does
  /// not match a file), and close with `- *` (nothing else). Paths are anchored at the transfer's
  /// root: the folder that holds the spec's first labels (or `base`'s last one).
  ///
  /// ```swift
  /// let spec = try SelectionSpec(text: "+ ada\n- ada/.cache\n")
  /// let rules = try spec.rsyncFilter()
  /// // + /ada/
  /// // - /ada/.cache
  /// // - /ada/.cache/***
  /// // + /ada
  /// // + /ada/***
  /// // - *
  /// // $ rsync -a --filter='merge rules.txt' ada /backup/
  /// ```
  ///
  /// Kept rsync rules (``rules``) come after the decisions, as read, and decide what no decision
  /// covers, later files too; a folder on the way to an include that they exclude is entered
  /// and closed after the decisions inside it (`spec` of `+ build/keep` over `- /build/` writes
  /// `+ /build/`, `+ /build/keep`, `+ /build/keep/***`, `- /build/*`, `- /build/`), and no
  /// `- *` closes them: what no rule matches is copied.
  ///
  /// A backslash escapes only in a pattern that holds `*`, `?` or `[`, as rsync reads them.
  /// - Parameter base: The path the transfer starts from; decisions outside it are left out and
  ///   it takes the decision nearest to it. Kept rules must be relative to it
  ///   (``FilterRules/folder``).
  /// - Returns: The rules' bytes, one a line (file names byte for byte).
  /// - Throws: ``SelectionSpecError/unwritableName(_:format:)`` for a name with a control
  ///   character (rsync ends a rule at a line break or a carriage return, and has no escape), or
  ///   a ``SelectionSpecError`` for kept rules it cannot write (a gitignore's, another folder's).
  /// - Complexity: O(total length of the decisions' paths × depth), plus the rules' length and
  ///   asking them about each folder on the way to an include.
  public func rsyncFilter(under base: [String] = []) throws(SelectionSpecError) -> [UInt8] {
    let format = "an rsync filter rule"
    let trie = try _SpecTrie(self, under: base, format: format, writing: .rsync)
    var output: [UInt8] = []
    func rule(_ include: Bool, _ components: [[UInt8]], suffix: String) {
      let wild = suffix.contains("*") || components.contains { $0.contains(where: Self.isWild) }
      output += Array((include ? "+ " : "- ").utf8)
      for component in components {
        output.append(UInt8(ascii: "/"))
        for byte in component {
          if wild && (Self.isWild(byte) || byte == UInt8(ascii: "\\")) {
            output.append(UInt8(ascii: "\\"))
          }
          output.append(byte)
        }
      }
      output += Array(suffix.utf8)
      output.append(0x0A)
    }
    // The folders above an include, in preorder: rsync enters them.
    for index in trie.nodes.indices.dropFirst() where trie.nodes[index].includesBelow {
      rule(true, try trie.lineComponents(of: index, base: base, format: format), suffix: "/")
    }
    // The decisions, each before those above it.
    for index in trie.nodes.indices.dropFirst().reversed() {
      guard let include = trie.nodes[index].decision else { continue }
      let components = try trie.lineComponents(of: index, base: base, format: format)
      rule(include, components, suffix: "")
      rule(include, components, suffix: "/***")
    }
    guard let rules = trie.rules else {
      if !trie.nodes[0].value { output += Array("- *\n".utf8) }
      return output
    }
    // A folder entered that the rules exclude: what no decision inside it takes stays out.
    for index in trie.nodes.indices.dropFirst()
    where trie.nodes[index].ruled && trie.nodes[index].includesBelow
      && !rules.isSelected(base + trie.path(of: index), isFolder: true)
    {
      rule(false, try trie.lineComponents(of: index, base: base, format: format), suffix: "/*")
    }
    return output + (try trie.ruleLines(include: "+ ", exclude: "- ", format: format))
  }

  /// Whether rsync reads the byte as a wildcard: `*`, `?` or `[`.
  static func isWild(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[")
  }
}
