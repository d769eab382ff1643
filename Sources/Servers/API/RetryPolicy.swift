import Export

/// When to try a request again: network errors, timeouts and 5xx answers are retried
/// with exponential backoff (2, 4, 8, 16 s by default, at most 5 attempts); 4xx never
/// is, except 429, which waits as long as `Retry-After` asks, up to a cap.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times a request is sent at most.
    public var attempts: Int
    /// The first wait, doubled before each later attempt.
    public var baseDelay: Double
    /// The longest `Retry-After` honoured; a longer one fails at once.
    public var retryAfterCap: Double

    public init(attempts: Int = 5, baseDelay: Double = 2, retryAfterCap: Double = 60) {
        self.attempts = attempts
        self.baseDelay = baseDelay
        self.retryAfterCap = retryAfterCap
    }

    /// Seconds to wait after failed attempt `attempt` (1-based): 2, 4, 8, 16 by default.
    public func delay(after attempt: Int) -> Double {
        baseDelay * Double(1 << (attempt - 1))
    }
}
