package io.modelgraph.exchange.fetch;

/**
 * The moment by which every fetch of one merge must have finished (epoch ms). One instance is shared by all
 * the sources of a merge, so their fetches together stay inside the merge's time, and each fetch checks it
 * before connecting and while connecting, handshaking and reading.
 */
public record FetchDeadline(long atMillis) {
    public static FetchDeadline in(long millis) {
        return new FetchDeadline(System.currentTimeMillis() + millis);
    }

    public long remainingMillis() {
        return atMillis - System.currentTimeMillis();
    }

    public boolean passed() {
        return remainingMillis() <= 0;
    }
}
