import ToggleKit

/// The values rules read and derive: explicitly set keys, and everything else derived on demand
/// by a ``RuleModel`` — then cached until a value the derivation read changes.
///
/// ```swift
/// var context = RuleContext(model: RuleModel {
///   (\.todo.priority == .high) => (\.fancyColor <= "red")
/// })
/// context.todo = Todo(title: "Ship", priority: .high)
/// context.fancyColor   // "red"
/// ```
///
/// Keys are reached by key path: declare a ``RuleKey`` and a property on `RuleContext` that reads
/// and writes `self[TheKey.self]`.
///
/// **Caching.** Each derived value is cached with the keys its derivation read (transitively).
/// Setting a key explicitly drops exactly the cached values that read it — and nothing else.
/// Copies share the cache until one of them sets a value.
///
/// **Cycles.** When deriving a key needs the key itself (`\.title <= \.title`, or `\.a <= \.b`
/// with `\.b <= \.a`), evaluation stops: ``value(of:)`` throws ``RuleError/cycle(_:)`` naming the
/// keys, and the plain property returns the key's default value: never unbounded recursion.
/// - Complexity: Reading a cached or explicit key is O(1) expected; deriving one costs the
///   predicates and values of the candidates tried.
public struct RuleContext: Sendable {
  /// Explicitly set values by key.
  var _explicit: [ObjectIdentifier: _AnyValue] = [:]
  /// Derived values and their dependencies; shared by copies until one writes.
  var _cache = _RuleCache()
  /// Set while the context is being evaluated: reads are tracked and cycles detected.
  var _evaluation: _RuleEvaluation?
  /// Set while finding out which key a key path names.
  var _probe: _RuleProbe?
  /// Set while explaining a key.
  var _recorder: _ExplainRecorder?
  /// Values computed on demand that count as explicit (a tree node's facts).
  var _facts: (any _RuleFactSource)?

  /// The rules that derive the keys not set explicitly; setting it clears the cache.
  public var model: RuleModel {
    didSet { _cache = _RuleCache() }
  }

  /// Creates a context with no explicit values.
  public init(model: RuleModel = RuleModel()) {
    self.model = model
  }

  /// The value of a key: the explicit value, else the value the rules derive, else the default.
  ///
  /// ```swift
  /// extension RuleContext {
  ///   var fancyColor: String {
  ///     get { self[FancyColorKey.self] }
  ///     set { self[FancyColorKey.self] = newValue }
  ///   }
  /// }
  /// ```
  ///
  /// Setting a value makes it explicit: it wins over every rule.
  /// - Complexity: O(1) expected when explicit or cached; otherwise the cost of deriving it.
  public subscript<Key: RuleKey>(key: Key.Type) -> Key.Value {
    get {
      if let probe = _probe {
        probe.reads.append(_KeyInfo(key))
        return _explicit[ObjectIdentifier(key)]?.base as? Key.Value ?? key.defaultValue
      }
      if let evaluation = _evaluation {
        return _resolve(_KeyInfo(key), evaluation).base as! Key.Value
      }
      if let value = _explicitValue(ObjectIdentifier(key)) { return value.base as! Key.Value }
      let evaluation = _RuleEvaluation()
      var tracked = self
      tracked._evaluation = evaluation
      let value = tracked._resolve(_KeyInfo(key), evaluation)
      return evaluation.cycle == nil ? value.base as! Key.Value : key.defaultValue
    }
    set {
      if let probe = _probe {
        probe.writes.append(_KeyInfo(key))
        probe.writtenType = Key.Value.self
        return
      }
      _setExplicit(ObjectIdentifier(key), _AnyValue(newValue))
    }
  }

  /// The value at a key path, or the error that kept rules from deriving it.
  ///
  /// ```swift
  /// do { print(try context.value(of: \.title)) } catch { print(error) }   // rule cycle: …
  /// ```
  /// - Throws: ``RuleError/cycle(_:)`` when deriving it needs itself.
  /// - Complexity: As the key's property.
  public func value<Value>(of keyPath: KeyPath<RuleContext, Value>) throws(RuleError) -> Value {
    let evaluation = _RuleEvaluation()
    var tracked = self
    tracked._evaluation = evaluation
    let value = tracked[keyPath: keyPath]
    if let cycle = evaluation.cycle { throw .cycle(cycle) }
    return value
  }

  /// Whether a key has an explicit value.
  ///
  /// ```swift
  /// context.hasExplicitValue(for: FancyColorKey.self)   // false: rules derive it
  /// ```
  /// - Complexity: O(1) expected.
  public func hasExplicitValue<Key: RuleKey>(for key: Key.Type) -> Bool {
    _explicitValue(ObjectIdentifier(key)) != nil
  }

  func _explicitValue(_ id: ObjectIdentifier) -> _AnyValue? {
    _explicit[id] ?? _facts?.fact(id)
  }

  /// Forgets a key's explicit value, so rules derive it again.
  /// - Complexity: O(c) for c cached values.
  public mutating func removeExplicitValue<Key: RuleKey>(for key: Key.Type) {
    let id = ObjectIdentifier(key)
    guard _explicit.removeValue(forKey: id) != nil else { return }
    _invalidate(id)
  }

  mutating func _setExplicit(_ id: ObjectIdentifier, _ value: _AnyValue) {
    if let old = _explicitValue(id), old.isEqual(to: value) { return }
    _explicit[id] = value
    _invalidate(id)
  }

  private mutating func _invalidate(_ id: ObjectIdentifier) {
    if !isKnownUniquelyReferenced(&_cache) { _cache = _cache.copy() }
    _cache.invalidate(dependingOn: id)
  }
}

/// Supplies values that count as explicitly set, computed only when read.
protocol _RuleFactSource: Sendable {
  func fact(_ key: ObjectIdentifier) -> _AnyValue?
}
