import Testing
@testable import AssetFlow

@Test func libraryLinks() { _ = AssetFlowApp.self }
