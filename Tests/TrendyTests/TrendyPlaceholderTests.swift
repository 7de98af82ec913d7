import Testing
@testable import Trendy

@Test func libraryLinks() { _ = TrendyApp.self }
