package io.modelgraph.transform.ai;

import io.modelgraph.platform.AiSettings;
import io.modelgraph.store.AwsClients;
import java.net.URI;
import java.util.Optional;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * Builds the configured provider once, at init: the Bedrock client, or the OpenAI-compatible client with its
 * key (given directly, or read from Secrets Manager now so that no call waits for it and the key never
 * sits in the template). Empty when no provider is configured.
 */
public final class AiProviders {

    public static Optional<ChatProvider> build(AiSettings settings) {
        return switch (settings.provider()) {
            case NONE -> Optional.empty();
            case BEDROCK -> Optional.of(new BedrockProvider(bedrock(settings), settings.model()));
            case OPENAI -> Optional.of(new OpenAiCompatibleProvider(settings.endpoint().orElseThrow(),
                    settings.model(), key(settings), settings.timeout()));
        };
    }

    static BedrockRuntimeClient bedrock(AiSettings settings) {
        var builder = BedrockRuntimeClient.builder()
                .region(Region.of(settings.region()))
                .credentialsProvider(AwsClients.credentials(settings.endpoint().isPresent()))
                .httpClient(UrlConnectionHttpClient.builder().connectionTimeout(settings.timeout())
                        .socketTimeout(settings.timeout()).build())
                .overrideConfiguration(o -> o.apiCallTimeout(settings.timeout())
                        .retryStrategy(AwsRetryStrategy.doNotRetry()));
        settings.endpoint().ifPresent(builder::endpointOverride);
        return builder.build();
    }

    /** The key as given, else the secret's string value (trimmed); none for endpoints that need no key. */
    static Optional<String> key(AiSettings settings) {
        return key(settings, Optional.empty());
    }

    /** {@code secretsEndpoint}: a loopback Secrets Manager in tests; AWS's own endpoint otherwise. */
    static Optional<String> key(AiSettings settings, Optional<URI> secretsEndpoint) {
        if (settings.apiKey().isPresent() || settings.apiKeySecretId().isEmpty()) {
            return settings.apiKey();
        }
        var builder = SecretsManagerClient.builder()
                .region(Region.of(settings.region()))
                .credentialsProvider(AwsClients.credentials(secretsEndpoint.isPresent()))
                .httpClient(UrlConnectionHttpClient.builder().connectionTimeout(settings.timeout())
                        .socketTimeout(settings.timeout()).build());
        secretsEndpoint.ifPresent(builder::endpointOverride);
        try (SecretsManagerClient secrets = builder.build()) {
            String value = secrets.getSecretValue(b -> b.secretId(settings.apiKeySecretId().get())).secretString();
            return Optional.ofNullable(value).map(String::trim).filter(s -> !s.isEmpty());
        }
    }

    private AiProviders() {
    }
}
