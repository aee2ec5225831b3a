extension SelectionSpec {
  /// The spec as gitignore patterns that ignore exactly what it does not select, today's files
  /// and those that appear later.
  ///
  /// git takes the last pattern that matches and cannot take back a file inside a folder it
  /// ignores, so a folder excluded with includes below it ignores its contents (`/a/b/*`) and a
  /// file of its name (`/a/b`), not itself (`!/a/b/`), and each include below takes its path back
  /// (`!/a/b/c`). Every pattern is anchored with `/` at the repository's root — the folder that
  /// holds the spec's first labels (or `base`'s last one) — and `\`, `*`, `?`, `[` and trailing
  /// spaces are escaped.
  ///
  /// ```swift
  /// let spec = try SelectionSpec(text: "+ src\n- src/gen\n+ src/gen/keep.c\n")
  /// let patterns = try spec.gitignore()
  /// // /*
  /// // !/src
  /// // /src/gen
  /// // !/src/gen/
  /// // /src/gen/*
  /// // !/src/gen/keep.c
  /// ```
  ///
  /// Written to `.gitignore`, the patterns ignore that file too unless the spec selects it; put
  /// them in `.git/info/exclude` to keep it.
  ///
  /// Kept gitignore rules (``rules``) come first, as read, and the decisions after them (the last
  /// match wins): the rules ignore what no decision covers, later files too. An include takes
  /// back its path and all inside it (`!/a/b`, `!/a/b/**`), and a folder on the way to one that
  /// the rules ignore is taken back with its contents ignored (`!/a/`, `/a/*`).
  /// - Parameter base: The repository's root as a path of the tree; decisions outside it are left
  ///   out and it takes the decision nearest to it. Kept rules must be relative to it
  ///   (``FilterRules/folder``).
  /// - Returns: The patterns' bytes, one a line (file names byte for byte).
  /// - Throws: ``SelectionSpecError/unwritableName(_:format:)`` for a name with a control
  ///   character (git has no escape for one), or a ``SelectionSpecError`` for kept rules it
  ///   cannot write (rsync's, another folder's).
  /// - Complexity: O(total length of the decisions' paths × depth), plus the rules' length and
  ///   asking them about each folder on the way to a decision.
  public func gitignore(under base: [String] = []) throws(SelectionSpecError) -> [UInt8] {
    try gitPatterns(under: base, matchSelects: false, format: "a gitignore pattern")
  }

  /// The spec as git sparse-checkout patterns (non-cone mode): the files they match are exactly
  /// the selected ones.
  ///
  /// They are the ``gitignore(under:)`` patterns with their meaning turned round (a pattern that
  /// matches checks a file out), written for `git sparse-checkout set --no-cone --stdin`.
  ///
  /// ```swift
  /// let patterns = try spec.sparseCheckout()
  /// // /src
  /// // !/src/gen
  /// // /src/gen/
  /// // !/src/gen/*
  /// // /src/gen/keep.c
  /// ```
  /// - Parameter base: The repository's root as a path of the tree.
  /// - Returns: The patterns' bytes, one a line.
  /// - Throws: ``SelectionSpecError/unwritableName(_:format:)`` for a name with a control
  ///   character (git has no escape for one).
  /// - Complexity: O(total length of the decisions' paths × depth).
  public func sparseCheckout(under base: [String] = []) throws(SelectionSpecError) -> [UInt8] {
    try gitPatterns(under: base, matchSelects: true, format: "a sparse-checkout pattern")
  }

  /// Patterns in git's syntax: a match ignores (`matchSelects` false) or checks out (true).
  private func gitPatterns(
    under base: [String], matchSelects: Bool, format: String
  ) throws(SelectionSpecError) -> [UInt8] {
    let trie = try _SpecTrie(
      self, under: base, format: format, writing: matchSelects ? nil : .gitignore)
    var output = try trie.ruleLines(include: "!", exclude: "", format: format)
    // `selects`: whether a match of the pattern selects the path.
    func pattern(selects: Bool, _ components: [[UInt8]], suffix: String) {
      if selects != matchSelects { output.append(UInt8(ascii: "!")) }
      for (offset, component) in components.enumerated() {
        output.append(UInt8(ascii: "/"))
        // Trailing spaces are trimmed unless escaped: those of a pattern's last characters.
        var trailing = component.count
        if offset == components.count - 1 && suffix.isEmpty {
          while trailing > 0 && component[trailing - 1] == UInt8(ascii: " ") { trailing -= 1 }
        }
        for (index, byte) in component.enumerated() {
          if index >= trailing || Self.isWild(byte) || byte == UInt8(ascii: "\\") {
            output.append(UInt8(ascii: "\\"))
          }
          output.append(byte)
        }
      }
      output += Array(suffix.utf8)
      output.append(0x0A)
    }
    // The base's own region: every top-level path is ignored when it is not selected (and checked
    // out when it is).
    if !trie.nodes[0].ruled && trie.nodes[0].value == matchSelects {
      output += Array("/*\n".utf8)
    }
    for index in trie.nodes.indices.dropFirst() {
      let node = trie.nodes[index]
      let components = try trie.lineComponents(of: index, base: base, format: format)
      switch (node.decision, node.value) {
      case _ where node.ruled:
        // Where rules decide, a folder they select is left to them; one they ignore (or that lies
        // in one they ignore) holds no include, or stays with its contents ignored.
        guard node.includesBelow, let rules = trie.rules,
          !rules.isSelected(base + trie.path(of: index), isFolder: true)
        else { continue }
      case (true?, _):
        // Taken back from the parent's ignored contents; what is inside follows it (and not the
        // rules, which come first).
        pattern(selects: true, components, suffix: "")
        if trie.rules != nil { pattern(selects: true, components, suffix: "/**") }
        continue
      case (false?, _) where !node.includesBelow:
        pattern(selects: false, components, suffix: "")
        continue
      case (nil, true):
        // A folder on the way inside a selected region: nothing ignores it.
        continue
      case (false?, _):
        // Excluded with includes below: a file of its name goes, the folder stays (below).
        pattern(selects: false, components, suffix: "")
      case (nil, false):
        // A folder not selected with includes below: it stays, its contents go.
        break
      }
      pattern(selects: true, components, suffix: "/")
      pattern(selects: false, components, suffix: "/*")
    }
    return output
  }
}
