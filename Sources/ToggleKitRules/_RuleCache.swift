import ToggleKit

/// Derived values of one context with the keys each derivation read; thread-safe, because copies
/// of a context share it and reading fills it.
///
/// The lock is a pthread mutex (`RecursiveLock`), not `Synchronization.Mutex`: on Linux `Mutex`
/// waits on a futex inside the uninstrumented standard library, so ThreadSanitizer cannot see its
/// ordering and reports the protected accesses as races. Every lock in the package is one it sees.
final class _RuleCache: @unchecked Sendable {
  struct Entry: @unchecked Sendable {
    // Only Sendable values are stored (see _AnyValue).
    let value: _AnyValue
    let dependencies: Set<ObjectIdentifier>
  }

  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    /// How many derivations ran (for tests and statistics).
    var derivations = 0
  }

  // Read and written only inside `lock.withLock`.
  private var _state: State
  private let lock = RecursiveLock()

  init() { _state = State() }

  private init(_ copy: State) { _state = copy }

  private func withState<Result>(_ body: (inout State) -> Result) -> Result {
    lock.withLock { body(&_state) }
  }

  func copy() -> _RuleCache {
    _RuleCache(withState { $0 })
  }

  func lookup(_ key: ObjectIdentifier) -> Entry? {
    withState { $0.entries[key] }
  }

  func store(_ key: ObjectIdentifier, _ entry: Entry) {
    withState {
      $0.entries[key] = entry
      $0.derivations += 1
    }
  }

  func countDerivation() {
    withState { $0.derivations += 1 }
  }

  /// Drops the key's own entry and every entry whose derivation read it.
  func invalidate(dependingOn key: ObjectIdentifier) {
    withState {
      $0.entries[key] = nil
      guard $0.entries.values.contains(where: { $0.dependencies.contains(key) }) else { return }
      $0.entries = $0.entries.filter { !$0.value.dependencies.contains(key) }
    }
  }

  var count: Int { withState { $0.entries.count } }
}

/// One top-level read in progress: the keys being derived (to detect cycles) and what each read.
final class _RuleEvaluation: @unchecked Sendable {
  // Used by one top-level read, on the thread that started it.
  private var stack: [(key: _KeyInfo, dependencies: Set<ObjectIdentifier>)] = []
  /// The first cycle met, as key names with the repeated key at both ends.
  private(set) var cycle: [String]?

  func read(_ key: ObjectIdentifier) {
    guard !stack.isEmpty else { return }
    stack[stack.count - 1].dependencies.insert(key)
  }

  func read(_ keys: Set<ObjectIdentifier>) {
    guard !stack.isEmpty else { return }
    stack[stack.count - 1].dependencies.formUnion(keys)
  }

  /// Starts deriving `key`; false (and the cycle recorded) when it is already being derived.
  func begin(_ key: _KeyInfo) -> Bool {
    if let start = stack.firstIndex(where: { $0.key == key }) {
      if cycle == nil { cycle = stack[start...].map(\.key.name) + [key.name] }
      return false
    }
    stack.append((key, []))
    return true
  }

  func end() -> Set<ObjectIdentifier> {
    stack.removeLast().dependencies
  }
}

/// Records which keys a key path reads and writes, to name keys without running rules.
final class _RuleProbe: @unchecked Sendable {
  // Used by one thread at a time, inside RuleAssignment.make and _firstKey.
  var reads: [_KeyInfo] = []
  var writes: [_KeyInfo] = []
  var writtenType: Any.Type?
}

/// The first key a key path reads, found by reading it from a probing context.
func _firstKey<Value>(of keyPath: KeyPath<RuleContext, Value>) -> _KeyInfo? {
  let probe = _RuleProbe()
  var context = RuleContext()
  context._probe = probe
  _ = context[keyPath: keyPath]
  return probe.reads.first
}

/// A key path's name for descriptions: the key's name, then any deeper components Swift can name
/// (`todo.priority`).
func _keyPathName<Value>(_ keyPath: KeyPath<RuleContext, Value>, firstKey: _KeyInfo? = nil)
  -> String
{
  guard let key = firstKey ?? _firstKey(of: keyPath) else { return "\(keyPath)" }
  var text = "\(keyPath)"
  let prefix = "\\RuleContext."
  if text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
  // The key's own property is computed, so Swift cannot name it; substitute the key's name.
  if text.hasPrefix("<computed"), let end = text.firstIndex(of: ">") {
    return key.name + text[text.index(after: end)...]
  }
  return key.name
}
