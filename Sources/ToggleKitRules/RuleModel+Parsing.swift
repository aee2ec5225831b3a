import ToggleKit

extension RuleModel {
  /// Reads rules text: one rule per line, `predicate => key <= value @priority`, `#` comments.
  ///
  /// ```swift
  /// let rules = try RuleModel(parsing: """
  ///   # rules.txt
  ///   depth >= 3 => expanded <= false
  ///   label == "Legacy" => enabled <= false
  ///   attributes.kind == "required" => locked <= on @important
  ///   expanded <= true
  ///   """, vocabulary: .selectionTree, file: "rules.txt")
  /// ```
  ///
  /// **Syntax.** A predicate compares a name with a value or another name (`==`, `!=`, `<`, `<=`,
  /// `>`, `>=`; ordering only for ordered values), or is a boolean name alone (`isLeaf`);
  /// predicates combine with `&&`, `||`, `!` and parentheses (`!` binds tightest, then `&&`,
  /// then `||`). Without `=>`, the line is a rule that always matches. The value after `<=` is a
  /// literal of the key's type — a quoted string with `\"`, `\\`, `\n`, `\t`, `\r`, `\u{…}`
  /// escapes, an integer, or a word such as `true`, `on`, `mixed` — or another name, whose value
  /// the rule copies. `@important`, `@veryHigh`, `@high`, `@normal`, `@low`, `@veryLow` or
  /// `@fallback` ends a rule to give its priority. Names come from the vocabulary; a bare word
  /// that is not a name is a literal.
  /// - Throws: ``RuleError/syntax(file:line:column:message:)`` with line, column and what was expected.
  /// - Complexity: O(m + r log r) for m bytes and r rules.
  public init(
    parsing text: String, vocabulary: RuleVocabulary, file: String? = nil,
    fallback: RuleModel? = nil
  ) throws(RuleError) {
    try self.init(parsing: Array(text.utf8), vocabulary: vocabulary, file: file, fallback: fallback)
  }

  /// Reads rules text from bytes (a file's contents), checking it is UTF-8.
  /// - Throws: ``RuleError/syntax(file:line:column:message:)`` with line, column and what was expected.
  /// - Complexity: O(m + r log r) for m bytes and r rules.
  public init(
    parsing bytes: [UInt8], vocabulary: RuleVocabulary, file: String? = nil,
    fallback: RuleModel? = nil
  ) throws(RuleError) {
    var rules: [Rule] = []
    for (offset, range) in try _RuleLexer.lines(of: bytes, file: file).enumerated() {
      let lexer = _RuleLexer(bytes: bytes[range], line: offset + 1, file: file)
      let tokens = try lexer.tokens()
      guard !tokens.isEmpty else { continue }
      var parser = _RuleParser(tokens: tokens, lexer: lexer, vocabulary: vocabulary)
      rules.append(try parser.rule())
    }
    self.init(rules, fallback: fallback)
  }
}

/// Parses the tokens of one line into a rule.
struct _RuleParser {
  /// Parentheses and `!` deeper than this are an error, so parsing never recurses unboundedly.
  static let maximumNesting = 64

  let tokens: [_RuleToken]
  let lexer: _RuleLexer
  let vocabulary: RuleVocabulary
  var position = 0
  var nesting = 0

  init(tokens: [_RuleToken], lexer: _RuleLexer, vocabulary: RuleVocabulary) {
    self.tokens = tokens
    self.lexer = lexer
    self.vocabulary = vocabulary
  }

  private var current: _RuleToken? { position < tokens.count ? tokens[position] : nil }
  private var endColumn: Int { lexer.bytes.count + 1 }

  private func error(_ token: _RuleToken?, _ message: String) -> RuleError {
    lexer.error(token?.column ?? endColumn, message)
  }

  private func found(_ token: _RuleToken?) -> String {
    token.map { "'\($0.text)'" } ?? "end of line"
  }

  private func isSymbol(_ symbol: String) -> Bool {
    current?.kind == .symbol(symbol)
  }

  mutating func rule() throws(RuleError) -> Rule {
    let location = RuleLocation(file: lexer.file, line: lexer.line, column: tokens[0].column)
    let arrow = tokens.firstIndex { $0.kind == .symbol("=>") }
    var predicate = RulePredicate.always
    if let arrow {
      guard arrow > 0 else { throw error(tokens[arrow], "expected a condition before '=>'") }
      predicate = try disjunction()
      guard position == arrow else {
        throw error(
          current, "expected '=>' or '&&' or '||' after the condition, found \(found(current))")
      }
      position += 1
      if let second = tokens[position...].first(where: { $0.kind == .symbol("=>") }) {
        throw error(second, "a rule has one '=>'")
      }
    }
    let assignment = try assignment()
    var priority = RulePriority.normal
    if isSymbol("@") {
      position += 1
      guard case .name(let name, nil)? = current?.kind,
        let value = RulePriority.allCases.first(where: { "\($0)" == name })
      else {
        throw error(
          current,
          "expected a priority after '@' ("
            + RulePriority.allCases.reversed().map(\.description).joined(separator: ", ")
            + "), found \(found(current))")
      }
      priority = value
      position += 1
    }
    if let extra = current {
      throw error(extra, "unexpected \(found(extra)) after the rule")
    }
    return Rule(assignment, when: predicate, priority: priority, location: location)
  }

  private mutating func assignment() throws(RuleError) -> RuleAssignment {
    let keyToken = current
    guard let keyToken, case .name = keyToken.kind else {
      throw error(keyToken, "expected a name to set, found \(found(keyToken))")
    }
    let entry = try self.entry(keyToken)
    guard entry.isSettable else {
      throw error(keyToken, "'\(entry.name)' cannot be set by rules; it is a fact of the node")
    }
    position += 1
    guard isSymbol("<=") else {
      throw error(current, "expected '<=' after '\(keyToken.text)', found \(found(current))")
    }
    position += 1
    guard let valueToken = current else {
      throw error(nil, "expected a value after '<=', found end of line")
    }
    position += 1
    if let other = try otherEntry(valueToken) {
      guard let assignment = entry.assignEntry(other) else {
        throw error(
          valueToken,
          "cannot set '\(entry.name)' (\(entry.typeName)) to '\(other.name)' (\(other.typeName))")
      }
      return assignment
    }
    let literal = try self.literal(valueToken, for: entry)
    guard let assignment = entry.assignLiteral(literal) else {
      throw mismatch(valueToken, entry)
    }
    return assignment
  }

  private mutating func disjunction() throws(RuleError) -> RulePredicate {
    // A chain is collected, then combined once: `a || b || …` of k terms costs O(k), not O(k²).
    var terms = [try conjunction()]
    while isSymbol("||") {
      position += 1
      terms.append(try conjunction())
    }
    return RulePredicate.chain(terms, all: false)
  }

  private mutating func conjunction() throws(RuleError) -> RulePredicate {
    var terms = [try unary()]
    while isSymbol("&&") {
      position += 1
      terms.append(try unary())
    }
    return RulePredicate.chain(terms, all: true)
  }

  private mutating func unary() throws(RuleError) -> RulePredicate {
    guard let token = current else {
      throw error(nil, "expected a condition, found end of line")
    }
    if token.kind == .symbol("!") || token.kind == .symbol("(") {
      nesting += 1
      defer { nesting -= 1 }
      guard nesting <= Self.maximumNesting else {
        throw error(token, "conditions nest deeper than \(Self.maximumNesting) levels")
      }
      position += 1
      if token.kind == .symbol("!") { return !(try unary()) }
      let inner = try disjunction()
      guard isSymbol(")") else {
        throw error(
          current, "expected ')' to close '(' at column \(token.column), found \(found(current))")
      }
      position += 1
      return inner
    }
    return try comparison()
  }

  private mutating func comparison() throws(RuleError) -> RulePredicate {
    let token = current!
    guard case .name = token.kind else {
      throw error(token, "expected a name to test, found \(found(token))")
    }
    let entry = try self.entry(token)
    position += 1
    let operators = ["==", "!=", "<", "<=", ">", ">="]
    guard case .symbol(let symbol)? = current?.kind, operators.contains(symbol) else {
      if entry.isBoolean, let test = entry.compareLiteral("==", .word("true")) {
        return RulePredicate(
          node: test.node, complexity: 1, description: entry.name, precedence: 4)
      }
      throw error(
        current,
        "expected a comparison (==, !=, <, <=, >, >=) after '\(token.text)', found \(found(current))"
      )
    }
    let operatorToken = current!
    if symbol != "==" && symbol != "!=" && !entry.isOrdered {
      throw error(
        operatorToken,
        "'\(symbol)' needs ordered values; '\(entry.name)' is \(entry.typeName.withArticle) (use == or !=)"
      )
    }
    position += 1
    guard let valueToken = current else {
      throw error(nil, "expected a value after '\(symbol)', found end of line")
    }
    position += 1
    if let other = try otherEntry(valueToken) {
      guard let predicate = entry.compareEntry(symbol, other) else {
        throw error(
          valueToken,
          "cannot compare '\(entry.name)' (\(entry.typeName)) with '\(other.name)' (\(other.typeName))"
        )
      }
      return predicate
    }
    let literal = try self.literal(valueToken, for: entry)
    guard let predicate = entry.compareLiteral(symbol, literal) else {
      throw mismatch(valueToken, entry)
    }
    return predicate
  }

  /// The entry a name token names, or an error listing the names.
  private func entry(_ token: _RuleToken) throws(RuleError) -> _VocabularyEntry {
    guard case .name(let name, let member) = token.kind else {
      throw error(token, "expected a name, found \(found(token))")
    }
    if let member {
      if let entry = vocabulary.entry(family: name, key: member) { return entry }
      throw error(
        token, "unknown name '\(token.text)'; '\(name).' is not a family of names (\(known))")
    }
    if let entry = vocabulary.entry(named: name) { return entry }
    throw error(token, "unknown name '\(name)' (\(known))")
  }

  private var known: String {
    "known: " + vocabulary.names.joined(separator: ", ")
  }

  /// The entry a value token names, if it is a name of the vocabulary.
  private func otherEntry(_ token: _RuleToken) throws(RuleError) -> _VocabularyEntry? {
    guard case .name(let name, let member) = token.kind else { return nil }
    if member != nil { return try entry(token) }
    return vocabulary.entry(named: name)
  }

  private func literal(_ token: _RuleToken, for entry: _VocabularyEntry) throws(RuleError)
    -> RuleLiteral
  {
    switch token.kind {
    case .string(let value): return .string(value)
    case .integer(let value): return .integer(value)
    case .name(let word, nil): return .word(word)
    default: throw mismatch(token, entry)
    }
  }

  private func mismatch(_ token: _RuleToken, _ entry: _VocabularyEntry) -> RuleError {
    let examples = entry.examples.joined(separator: ", ")
    return error(
      token,
      "'\(entry.name)' is \(entry.typeName.withArticle); expected a value like \(examples) or a name, "
        + "found \(found(token))")
  }
}

extension String {
  /// "an integer", "a string".
  fileprivate var withArticle: String {
    ("aeiou".contains(first ?? "x") ? "an " : "a ") + self
  }
}
