package io.modelgraph.platform;

import io.modelgraph.auth.Authenticator;
import io.modelgraph.store.AwsClients;
import io.modelgraph.store.StoreConfig;
import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * What every function needs, built once per container: SDK clients, store names, settings, clock.
 * Lambda handlers use {@link #fromEnvironment()} in static init; the local gateway and tests build one
 * pointed at the embedded stores and hand it to each handler's constructor.
 */
public record Services(StoreConfig stores, DynamoDbClient dynamo, S3Client s3, Settings settings, Clock clock) {

    private static volatile Services environment;

    /** The container's services from environment variables; built on first use and then shared. */
    public static Services fromEnvironment() {
        Services s = environment;
        if (s == null) {
            synchronized (Services.class) {
                s = environment;
                if (s == null) {
                    StoreConfig config = StoreConfig.fromEnvironment();
                    s = new Services(config, AwsClients.dynamo(config), AwsClients.s3(config),
                            Settings.from(System.getenv()), Clock.systemUTC());
                    environment = s;
                }
            }
        }
        return s;
    }

    public static Services of(StoreConfig config, Settings settings) {
        return new Services(config, AwsClients.dynamo(config), AwsClients.s3(config), settings, Clock.systemUTC());
    }

    public Authenticator authenticator() {
        return new Authenticator(clock);
    }
}
