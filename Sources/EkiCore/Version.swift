public enum EkiCoreVersion { public static let version = "0.1.0" }
