import Testing
import ToggleKit
import ToggleKitTesting

@testable import TestSupport

/// A nested value for projections two levels deep.
private struct Outer: Equatable {
  struct Inner: Equatable {
    var flag = false
    var count = 0
  }
  var inner = Inner()
  var name = "o"
}

/// How a base binding can be made: each kind must pass its writability and constancy on.
private enum BaseKind: CaseIterable {
  case writable, readOnly, constant, locked

  func make(_ spy: Spy<Outer>) -> ModelBinding<Outer> {
    switch self {
    case .writable: spy.binding
    case .readOnly: ModelBinding(get: { spy.value })
    case .constant: .constant(spy.value)
    case .locked: spy.binding.locked()
    }
  }
}

/// A projection of `Outer` to `Int`, made two levels deep from key paths and maps.
private enum Projection: CaseIterable {
  case keyPathThenKeyPath, keyPathThenMap, mapThenKeyPath, mapThenMap

  func apply(_ base: ModelBinding<Outer>) -> ModelBinding<Int> {
    switch self {
    case .keyPathThenKeyPath:
      base.inner.count
    case .keyPathThenMap:
      base.inner.map(get: { $0.count * 2 }, set: { $0.count = $1 / 2 })
    case .mapThenKeyPath:
      base.map(get: { $0.inner }, set: { $0.inner = $1 }).count
    case .mapThenMap:
      base.map(get: { $0.inner }, set: { $0.inner = $1 })
        .map(get: { $0.count * 2 }, set: { $0.count = $1 / 2 })
    }
  }

  /// The projected value that a base count of `count` reads as.
  func expected(count: Int) -> Int {
    switch self {
    case .keyPathThenKeyPath, .mapThenKeyPath: count
    case .keyPathThenMap, .mapThenMap: count * 2
    }
  }
}

@Suite("ModelBinding projections: key paths and maps composed two deep")
struct ModelBindingProjectionTests {
  @Test(
    "a projection two deep reads the base, writes back into it, and touches nothing else",
    arguments: Projection.allCases)
  fileprivate func twoDeepWritesReachTheBase(projection: Projection) {
    let spy = Spy(Outer())
    let projected = projection.apply(spy.binding)
    #expect(projected.wrappedValue == 0)
    projected.wrappedValue = projection.expected(count: 21)
    #expect(spy.value.inner.count == 21)
    #expect(spy.value.inner.flag == false)
    #expect(spy.value.name == "o")
    spy.value.inner.count = 4
    #expect(projected.wrappedValue == projection.expected(count: 4))
    BindingLaws.expectLawful(projected, samples: [0, 2, 40].map { projection.expected(count: $0) })
  }

  @Test(
    "a projection inherits writability and constancy from its base",
    arguments: BaseKind.allCases, Projection.allCases)
  fileprivate func projectionsInheritWritability(base: BaseKind, projection: Projection) {
    let spy = Spy(Outer())
    let baseBinding = base.make(spy)
    let projected = projection.apply(baseBinding)
    #expect(projected.isWritable == baseBinding.isWritable)
    #expect(projected.isConstant == baseBinding.isConstant)
    projected.wrappedValue = projection.expected(count: 9)
    #expect(spy.writes == (base == .writable ? 1 : 0))
    #expect(spy.value.inner.count == (base == .writable ? 9 : 0))
  }

  @Test("a key-path projection of a Bool property writes through to the base: the toggle case")
  func boolPropertyProjection() {
    @ModelState var outer = Outer()
    let flag = $outer.inner.flag
    flag.wrappedValue.toggle()
    #expect(outer.inner.flag == true)
    flag.update { $0.toggle() }
    #expect(outer.inner.flag == false)
    BindingLaws.expectLawful(flag)
  }

  @Test("a read-only key path projects to a read-only binding")
  func readOnlyKeyPath() {
    @ModelState var names = ["a", "b"]
    let count = $names.count
    #expect(count.wrappedValue == 2)
    #expect(!count.isWritable)
    names.append("c")
    #expect(count.wrappedValue == 3)
  }

  @Test("the read-only map is not writable and follows the base")
  func readOnlyMap() {
    @ModelState var selection: Set<Int> = []
    let isEmpty = $selection.map { $0.isEmpty }
    #expect(isEmpty.wrappedValue)
    #expect(!isEmpty.isWritable)
    selection.insert(1)
    #expect(!isEmpty.wrappedValue)
    #expect(ModelBinding.constant(Set([1])).map { $0.count }.isConstant)
  }

  @Test("ignoringWrites drops exactly the declared writes and declares them")
  func ignoringWritesDropsDeclaredWrites() {
    let spy = Spy(5)
    let evenOnly = spy.binding.ignoringWrites(where: { !$0.isMultiple(of: 2) })
    evenOnly.wrappedValue = 3
    #expect(spy.value == 5)
    evenOnly.wrappedValue = 8
    #expect(spy.value == 8)
    evenOnly.update { $0 += 1 }
    #expect(spy.value == 8)
    evenOnly.update { $0 += 2 }
    #expect(spy.value == 10)
    #expect(evenOnly.isDocumentedToIgnore(7))
    #expect(!evenOnly.isDocumentedToIgnore(6))
    #expect(!spy.binding.isDocumentedToIgnore(7))
    let stacked = evenOnly.ignoringWrites(where: { $0 > 100 })
    #expect(stacked.isDocumentedToIgnore(7) && stacked.isDocumentedToIgnore(102))
    #expect(!stacked.isDocumentedToIgnore(4))
  }
}
