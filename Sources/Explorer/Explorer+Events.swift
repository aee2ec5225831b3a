import ToggleKit

extension Explorer {
  /// What the events compare before and after a key: the filter text, the focused node, the
  /// selection's changes.
  struct EventWatch {
    /// The filter text.
    var query: String
    /// The focused node's id.
    var focused: String?
    /// ``Explorer/selectionChanges`` then.
    var selectionChanges: Int
  }

  /// The state the events are judged by.
  ///
  /// - Complexity: O(log n).
  var eventWatch: EventWatch {
    EventWatch(
      query: finding.text, focused: cursor.map { tree.id(at: $0) },
      selectionChanges: selectionChanges)
  }

  /// Whether any event has actions bound (`--bind change:…`): without, nothing is watched.
  var bindsEvents: Bool {
    settings.bindings.keys.contains { if case .event = $0 { true } else { false } }
  }

  /// Runs the actions bound to what happened since `before`: the events a key caused
  /// (``pendingEvents``), then a changed filter (`change`, `result`, `zero`, `one`), the focus on
  /// another node (`focus`) and a changed selection (`multi`).
  ///
  /// - Complexity: O(log n) and the actions'; with `one` bound, O(n log n) after a filter change.
  mutating func fireEvents(since before: EventWatch) {
    guard bindsEvents else {
      pendingEvents = []
      return
    }
    var happened = pendingEvents
    let now = eventWatch
    if now.query != before.query {
      happened += [.change, .result]
      if loadingLines == nil { happened.append(.resultFinal) }
      happened += filterOutcomeEvents
    }
    if now.focused != before.focused { happened.append(.focus) }
    if now.selectionChanges != before.selectionChanges { happened.append(.multi) }
    fire(happened)
  }

  /// `zero` when the filter matches nothing, `one` when it shows a single leaf (each only when
  /// bound).
  private var filterOutcomeEvents: [ExplorerEvent] {
    guard !finding.text.isEmpty else { return [] }
    if cursor == nil { return [.zero] }
    if settings.bindings[.event(.one)] != nil, shownLeaves.count == 1 { return [.one] }
    return []
  }

  /// Runs the actions bound to each of `events` once, in order; what they cause fires nothing.
  mutating func fire(_ events: [ExplorerEvent]) {
    pendingEvents = []
    var seen: Set<ExplorerEvent> = []
    for event in events where seen.insert(event).inserted {
      guard let actions = settings.bindings[.event(event)] else { continue }
      for action in actions where outcome == nil { perform(action) }
    }
    pendingEvents = []
    scrollToCursor()
  }

  /// Starts the screen: runs what `start` is bound to, then `load`, `result` and `result-final`
  /// when the input is whole already.
  ///
  /// - Complexity: The bound actions'.
  package mutating func start() {
    guard !hasStarted else { return }
    hasStarted = true
    fire(loadingLines == nil ? [.start, .load, .result, .resultFinal] : [.start, .result])
  }

  /// The input has all arrived: the status line stops counting it, and `load`, `result` and
  /// `result-final` fire.
  ///
  /// - Complexity: The bound actions'.
  package mutating func finishLoading() {
    loadingLines = nil
    fire([.load, .result, .resultFinal])
  }
}
