package io.modelgraph.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock a test moves on itself: it stands still until {@link #advance} is called, so times a test orders by
 * (creation times, lease expiry, key lifetimes) are set by the test, never by waiting.
 */
public final class MovableClock extends Clock {
    private volatile Instant now;

    public MovableClock(Instant start) {
        this.now = start;
    }

    /** Starts at the current time, so stored items stay near real time (TTLs, logs). */
    public MovableClock() {
        this(Instant.now());
    }

    public void advance(Duration d) {
        now = now.plus(d);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
