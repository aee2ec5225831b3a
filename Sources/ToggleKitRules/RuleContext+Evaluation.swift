import ToggleKit

extension RuleContext {
  /// The value of a key inside an evaluation: explicit, cached, or derived now (and cached).
  func _resolve(_ key: _KeyInfo, _ evaluation: _RuleEvaluation) -> _AnyValue {
    let id = key.id
    evaluation.read(id)
    if let value = _explicitValue(id) { return value }
    if _recorder == nil, let hit = _cache.lookup(id) {
      evaluation.read(hit.dependencies)
      return hit.value
    }
    guard evaluation.begin(key) else { return key.defaultValue }
    let value: _AnyValue
    if let recorder = _recorder {
      var inner = self
      inner._recorder = nil  // Only the explained key itself is recorded.
      value = inner._derive(key, in: model, from: 0, evaluation, recorder, depth: 0)
    } else {
      value = _derive(key, in: model, from: 0, evaluation, nil, depth: 0)
    }
    let dependencies = evaluation.end()
    if evaluation.cycle == nil {
      _cache.store(id, .init(value: value, dependencies: dependencies))
    } else {
      _cache.countDerivation()
    }
    evaluation.read(dependencies)
    return value
  }

  /// Tries the candidates of `model` for `key` from `start`, then the fallback, then the default.
  func _derive(
    _ key: _KeyInfo, in model: RuleModel, from start: Int, _ evaluation: _RuleEvaluation,
    _ recorder: _ExplainRecorder?, depth: Int
  ) -> _AnyValue {
    let candidates = model.storage.candidates[key.id] ?? []
    var index = start
    while index < candidates.count {
      let (declared, rule) = candidates[index]
      let holds = rule.predicate.evaluate(in: self)
      if evaluation.cycle != nil {
        recorder?.add(rule, declared, depth, .cycle)
        return key.defaultValue
      }
      if holds {
        recorder?.add(rule, declared, depth, .fired)
        let next = index + 1
        return rule.assignment.compute(self) {
          _derive(key, in: model, from: next, evaluation, recorder, depth: depth)
        }
      }
      recorder?.add(rule, declared, depth, .notMatched)
      index += 1
    }
    if let fallback = model.fallback {
      return _derive(key, in: fallback, from: 0, evaluation, recorder, depth: depth + 1)
    }
    recorder?.usedDefault = true
    return key.defaultValue
  }
}

extension RuleContext {
  /// Whether trying `rule` in this context reads `key`, directly or through other derived keys.
  func _reads(_ rule: Rule, _ key: ObjectIdentifier) -> Bool {
    let evaluation = _RuleEvaluation()
    var tracked = self
    tracked._evaluation = evaluation
    _ = evaluation.begin(rule.assignment.target)
    if rule.predicate.evaluate(in: tracked) {
      _ = rule.assignment.compute(tracked) { rule.assignment.target.defaultValue }
    }
    return evaluation.end().contains(key)
  }
}
