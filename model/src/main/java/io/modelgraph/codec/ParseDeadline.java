package io.modelgraph.codec;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A wall-clock deadline around one parse of caller text. The parse runs on a worker thread; when the deadline passes
 * the caller stops waiting and gets {@link Exceeded}, which every route answers with a 413 naming the limit
 * (docs/reliability.md). Java cannot stop a running thread, so the parser itself ends when it ends: parsers are
 * linear-time and bounded, and this is the backstop that keeps one slow input from holding a request.
 *
 * @param millis how long a parse may take
 */
public record ParseDeadline(long millis) {
    /** Well inside the HTTP API's 29 s, leaving the rest of the request room to answer. */
    public static final long DEFAULT_MILLIS = 10_000;
    /** The environment variable that sets another deadline (docs/operations.md, configuration). */
    public static final String ENV = "DECODE_DEADLINE_MILLIS";

    private static final ExecutorService PARSERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "parse");
        t.setDaemon(true);
        return t;
    });

    public ParseDeadline {
        if (millis <= 0) {
            throw new IllegalArgumentException("A parse deadline is a positive number of milliseconds: " + millis);
        }
    }

    /** The deadline {@link #ENV} configures in this process. */
    public static ParseDeadline configured() {
        return of(System.getenv(ENV));
    }

    /** {@code configured} milliseconds, or {@link #DEFAULT_MILLIS} when it is unset or not a positive number. */
    public static ParseDeadline of(String configured) {
        try {
            long millis = configured == null ? 0 : Long.parseLong(configured.trim());
            return new ParseDeadline(millis > 0 ? millis : DEFAULT_MILLIS);
        } catch (NumberFormatException e) {
            return new ParseDeadline(DEFAULT_MILLIS);
        }
    }

    /** A parse that may refuse its input with a checked exception of its own. */
    @FunctionalInterface
    public interface Parse<T, X extends Exception> {
        T run() throws X;
    }

    /**
     * Runs {@code parse} and answers its result, or throws what it threw (its own exception, a runtime exception or
     * an error, unchanged), or {@link Exceeded} when it has not finished within the deadline.
     */
    public <T, X extends Exception> T run(Parse<T, X> parse) throws X {
        Future<T> running = PARSERS.submit(parse::run);
        try {
            return running.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            running.cancel(true);
            throw new Exceeded(millis);
        } catch (InterruptedException e) {
            running.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while parsing", e);
        } catch (ExecutionException e) {
            throw ParseDeadline.<X>rethrow(e.getCause());
        }
    }

    /** {@code parse} ran only what {@link Parse#run} may throw, so the cast holds for checked exceptions. */
    @SuppressWarnings("unchecked")
    private static <X extends Exception> X rethrow(Throwable cause) throws X {
        if (cause instanceof Error error) {
            throw error;
        }
        throw (X) cause;
    }

    /** The parse did not finish within the deadline; nothing it would have produced is used. */
    public static final class Exceeded extends RuntimeException {
        private final long millis;

        public Exceeded(long millis) {
            super("The document was not parsed within the time limit of " + millis + " ms.");
            this.millis = millis;
        }

        public long millis() {
            return millis;
        }
    }
}
