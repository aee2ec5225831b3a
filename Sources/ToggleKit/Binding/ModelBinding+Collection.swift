extension ModelBinding where Value: MutableCollection, Value.Element: Identifiable {
  /// A binding to the element whose `id` is `id`, found by identity on every access — or nil when no
  /// such element exists now.
  ///
  /// ```swift
  /// struct Item: Identifiable { var id: Int }
  /// @ModelState var items = [Item(id: 1), Item(id: 2)]
  /// let second = $items[id: 2]!
  /// items.reverse()                     // still element 2
  /// items.removeAll { $0.id == 2 }
  /// second.wrappedValue                 // the last known value; writes are now ignored
  /// ```
  ///
  /// The binding follows its element through reorders and moves. After the element is removed it
  /// never traps: reads return the last value it saw and writes are ignored until an element with
  /// that `id` is back. (SwiftUI's index-based element bindings crash in exactly this situation.)
  /// - Complexity: O(n) to create. Each access is O(1) while the element stays at the position where
  ///   it was last seen (for collections whose `indices` answer `contains` in O(1), such as arrays)
  ///   and O(n) after it moved.
  public subscript(id id: Value.Element.ID) -> ModelBinding<Value.Element>? {
    let collection = reader()
    guard let index = collection.firstIndex(where: { $0.id == id }) else { return nil }
    return _element(id: id, at: index, initial: collection[index])
  }

  /// One binding per element, in the current order, each keyed by the element's `id` (see
  /// ``subscript(id:)``).
  /// - Complexity: O(n) to create.
  public var elementBindings: [ModelBinding<Value.Element>] {
    let collection = reader()
    return zip(collection.indices, collection).map { index, element in
      _element(id: element.id, at: index, initial: element)
    }
  }

  /// The per-element bindings to one property, keyed by identity: what a parent toggle over
  /// `sources: $items, isOn: \.isOn` consumes.
  ///
  /// ```swift
  /// let switches = $items.each(\.isOn)   // [ModelBinding<Bool>], one per item
  /// ```
  /// - Complexity: O(n) to create.
  public func each<Property>(
    _ keyPath: WritableKeyPath<Value.Element, Property>
  ) -> [ModelBinding<Property>] {
    elementBindings.map { $0[dynamicMember: keyPath] }
  }

  /// A binding to the element with `id`, starting its search at `index`.
  func _element(
    id: Value.Element.ID,
    at index: Value.Index,
    initial: Value.Element
  ) -> ModelBinding<Value.Element> {
    let cache = _ElementCache(initial, hint: index)
    let locate: (Value) -> Value.Index? = { collection in
      if collection.indices.contains(cache.hint), collection[cache.hint].id == id {
        return cache.hint
      }
      guard let found = collection.firstIndex(where: { $0.id == id }) else { return nil }
      cache.hint = found
      return found
    }
    let read = reader
    let update = updater
    return ModelBinding<Value.Element>(
      read: {
        let collection = read()
        guard let index = locate(collection) else { return cache.last }
        cache.last = collection[index]
        return cache.last
      },
      write: update.map { update in
        { newValue in
          // A write to a deleted element changes nothing, so it must not reach the store (whose
          // update would tell observers of a change).
          guard locate(read()) != nil else { return }
          update { collection in
            guard let index = locate(collection) else { return }
            collection[index] = newValue
            cache.last = newValue
          }
        }
      },
      update: update.map { update in
        { body in
          guard locate(read()) != nil else { return }
          update { collection in
            guard let index = locate(collection) else { return }
            body(&collection[index])
            cache.last = collection[index]
          }
        }
      },
      isConstant: isConstant,
      canWrite: canWriteNow
    )
  }
}

extension ModelBinding where Value: MutableCollection {
  /// The per-element bindings to one property, by position — for elements that are not
  /// `Identifiable`, such as `[Bool]` with `\.self`.
  ///
  /// ```swift
  /// @ModelState var flags = [true, false]
  /// let switches = $flags.each(\.self)
  /// ```
  ///
  /// A positional binding whose position no longer exists (after a removal) reads the last value it
  /// saw and ignores writes; it never traps. Prefer `Identifiable` elements: a positional binding
  /// refers to whichever element is at its position now.
  /// - Complexity: O(n) to create; each access is O(1) for collections whose `indices` answer
  ///   `contains` in O(1), such as arrays.
  public func each<Property>(
    _ keyPath: WritableKeyPath<Value.Element, Property>
  ) -> [ModelBinding<Property>] {
    let collection = reader()
    let read = reader
    let update = updater
    return zip(collection.indices, collection).map { index, element in
      let cache = _ElementCache(element[keyPath: keyPath], hint: index)
      return ModelBinding<Property>(
        read: {
          let collection = read()
          guard collection.indices.contains(index) else { return cache.last }
          cache.last = collection[index][keyPath: keyPath]
          return cache.last
        },
        write: update.map { update in
          { newValue in
            guard read().indices.contains(index) else { return }
            update { collection in
              guard collection.indices.contains(index) else { return }
              collection[index][keyPath: keyPath] = newValue
              cache.last = newValue
            }
          }
        },
        update: update.map { update in
          { body in
            guard read().indices.contains(index) else { return }
            update { collection in
              guard collection.indices.contains(index) else { return }
              body(&collection[index][keyPath: keyPath])
              cache.last = collection[index][keyPath: keyPath]
            }
          }
        },
        isConstant: isConstant,
        canWrite: canWriteNow
      )
    }
  }
}

/// What an element binding remembers: the last value it saw and where it last found it.
final class _ElementCache<Element, Index> {
  var last: Element
  var hint: Index

  init(_ last: Element, hint: Index) {
    self.last = last
    self.hint = hint
  }
}
