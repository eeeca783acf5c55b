package io.modelgraph.platform;

import io.modelgraph.auth.Authenticator;
import io.modelgraph.store.AwsClients;
import io.modelgraph.store.LazyS3Client;
import io.modelgraph.store.StoreConfig;
import java.time.Clock;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * What every function needs, built once per container: SDK clients, store names, settings, clock.
 * Lambda handlers use {@link #fromEnvironment()} in static init; the local gateway and tests build one
 * pointed at the embedded stores and hand it to each handler's constructor.
 *
 * <p>The S3 client is built on first use only, and the S3 SDK is an optional dependency of common: functions
 * that never touch S3 neither ship it nor pay for building its client at cold start.
 */
public final class Services {
    private static volatile Services environment;

    private final StoreConfig stores;
    private final DynamoDbClient dynamo;
    private final Supplier<S3Client> s3;
    private final Settings settings;
    private final Clock clock;

    public Services(StoreConfig stores, DynamoDbClient dynamo, S3Client s3, Settings settings, Clock clock) {
        this(stores, dynamo, () -> s3, settings, clock);
    }

    private Services(StoreConfig stores, DynamoDbClient dynamo, Supplier<S3Client> s3, Settings settings,
            Clock clock) {
        this.stores = stores;
        this.dynamo = dynamo;
        this.s3 = s3;
        this.settings = settings;
        this.clock = clock;
    }

    /** The container's services from environment variables; built on first use and then shared. */
    public static Services fromEnvironment() {
        Services s = environment;
        if (s == null) {
            synchronized (Services.class) {
                s = environment;
                if (s == null) {
                    s = of(StoreConfig.fromEnvironment(), Settings.from(System.getenv()));
                    environment = s;
                }
            }
        }
        return s;
    }

    public static Services of(StoreConfig config, Settings settings) {
        return new Services(config, AwsClients.dynamo(config), new LazyS3Client(config), settings,
                Clock.systemUTC());
    }

    public StoreConfig stores() {
        return stores;
    }

    public DynamoDbClient dynamo() {
        return dynamo;
    }

    /** The S3 client, built on first call; only functions that declare the S3 SDK may call it. */
    public S3Client s3() {
        return s3.get();
    }

    /** The S3 client as a supplier, for stores that should build it on their first call, not when built. */
    public Supplier<S3Client> s3Lazily() {
        return s3;
    }

    public Settings settings() {
        return settings;
    }

    public Clock clock() {
        return clock;
    }

    /**
     * Warms the DynamoDB client during init: one GetItem of a key that never exists loads the SDK's
     * marshalling, signing and HTTP classes and opens a connection. Under SnapStart that work lands in the
     * snapshot instead of the first request (measured by bench's ColdStartBench). Failures are ignored:
     * priming is an optimisation, never a reason to fail init.
     */
    public Services primed() {
        try {
            dynamo.getItem(b -> b.tableName(stores.graphTable()).key(java.util.Map.of(
                    io.modelgraph.store.Tables.PK, io.modelgraph.store.Attr.s("PRIME"),
                    io.modelgraph.store.Tables.SK, io.modelgraph.store.Attr.s("PRIME"))));
        } catch (RuntimeException ignored) {
            // no table, no network: the first real request pays instead
        }
        io.modelgraph.json.Json.write(java.util.Map.of("success", true));
        return this;
    }

    public Authenticator authenticator() {
        return new Authenticator(clock);
    }
}
