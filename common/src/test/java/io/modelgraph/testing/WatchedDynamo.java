package io.modelgraph.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * A {@code DynamoDbClient} that passes every call on to a real one (DynamoDB Local: nothing is mocked) and lets a
 * test watch the calls: count those it names, run hooks before a call is sent (to hold it, or to fail it as a
 * dying process would) and after it answered, and wait until no call it names is under way. A test states only
 * which calls it watches ({@link DynamoCall}) and what it does at them.
 *
 * <p>A call given as a builder consumer is built here once and passed on as the built request, exactly as the
 * SDK's own consumer methods do, so hooks see the very request DynamoDB gets. A paginator call
 * ({@code queryPaginator}) is seen once, as made: the pages it fetches later go through the real client unseen.
 */
public final class WatchedDynamo {
    private final DynamoDbClient real;
    private final DynamoDbClient client;
    private final List<Consumer<DynamoCall>> before = new CopyOnWriteArrayList<>();
    private final List<Consumer<DynamoCall>> after = new CopyOnWriteArrayList<>();
    /** Calls past their before hooks and not yet answered or failed; guarded by this. */
    private final List<DynamoCall> underWay = new ArrayList<>();

    public WatchedDynamo(DynamoDbClient real) {
        this.real = real;
        this.client = (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> call(method, args));
    }

    /** The client to give the code under test. */
    public DynamoDbClient client() {
        return client;
    }

    /** Runs {@code hook} before every call is sent; what it throws, the caller gets instead of an answer. */
    public WatchedDynamo before(Consumer<DynamoCall> hook) {
        before.add(hook);
        return this;
    }

    /**
     * Runs {@code hook} after every call that answered (not after one that failed), before the caller has the
     * answer; what it throws, the caller gets although DynamoDB applied the call (as when an answer is lost).
     */
    public WatchedDynamo after(Consumer<DynamoCall> hook) {
        after.add(hook);
        return this;
    }

    /** Counts the calls {@code which} names from now on, as they are sent; the test may reset the count. */
    public AtomicInteger counter(Predicate<DynamoCall> which) {
        AtomicInteger count = new AtomicInteger();
        before(call -> {
            if (which.test(call)) {
                count.incrementAndGet();
            }
        });
        return count;
    }

    /**
     * Waits until no call {@code which} names is under way (past its before hooks, so a call a hook holds does
     * not count); false when {@code within} ran out first.
     */
    public synchronized boolean awaitNoneUnderWay(Predicate<DynamoCall> which, Duration within)
            throws InterruptedException {
        long until = System.currentTimeMillis() + within.toMillis();
        while (underWay.stream().anyMatch(which)) {
            long left = until - System.currentTimeMillis();
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    private Object call(Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return invoke(method, args);
        }
        DynamoCall call = new DynamoCall(method.getName(), request(method, args));
        for (Consumer<DynamoCall> hook : before) {
            hook.accept(call);
        }
        Object answer;
        landing(call, true);
        try {
            answer = call.request().isPresent()
                    ? invoke(DynamoDbClient.class.getMethod(method.getName(), requestType(method).orElseThrow()),
                            new Object[] {call.request().get()})
                    : invoke(method, args);
        } finally {
            landing(call, false);
        }
        for (Consumer<DynamoCall> hook : after) {
            hook.accept(call);
        }
        return answer;
    }

    private Object invoke(Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(real, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private synchronized void landing(DynamoCall call, boolean sent) {
        if (sent) {
            underWay.add(call);
        } else {
            underWay.removeIf(c -> c == call);
        }
        notifyAll();
    }

    /**
     * The request class a method takes, either directly or as the builder its consumer fills
     * ({@code Consumer<GetItemRequest.Builder>}: the builder is nested in its request class); empty for any other
     * method.
     */
    private static Optional<Class<?>> requestType(Method method) {
        if (method.getParameterCount() != 1) {
            return Optional.empty();
        }
        Class<?> given = method.getParameterTypes()[0];
        if (DynamoDbRequest.class.isAssignableFrom(given)) {
            return Optional.of(given);
        }
        if (given == Consumer.class && method.getGenericParameterTypes()[0] instanceof ParameterizedType p
                && p.getActualTypeArguments()[0] instanceof Class<?> builder && builder.getDeclaringClass() != null
                && DynamoDbRequest.class.isAssignableFrom(builder.getDeclaringClass())) {
            return Optional.of(builder.getDeclaringClass());
        }
        return Optional.empty();
    }

    @SuppressWarnings("unchecked")
    private static Optional<DynamoDbRequest> request(Method method, Object[] args) throws ReflectiveOperationException {
        Optional<Class<?>> type = requestType(method);
        if (type.isEmpty()) {
            return Optional.empty();
        }
        if (args[0] instanceof DynamoDbRequest given) {
            return Optional.of(given);
        }
        DynamoDbRequest.Builder builder = (DynamoDbRequest.Builder) type.get().getMethod("builder").invoke(null);
        ((Consumer<Object>) args[0]).accept(builder);
        return Optional.of(builder.build());
    }
}
