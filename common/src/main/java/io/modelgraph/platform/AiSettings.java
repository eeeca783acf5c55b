package io.modelgraph.platform;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Configuration of the {@code ai} mapping kind (docs/operations.md "Configuration"). Plain data: the provider clients
 * themselves live in the transform function only, so no other function ships them.
 *
 * @param provider        which provider answers; {@link Provider#NONE} declines the {@code ai} kind
 * @param model           Bedrock model id or the chat-completions model name
 * @param endpoint        OpenAI-compatible: the base URL ({@code .../v1}); Bedrock: an optional endpoint override
 * @param apiKey          OpenAI-compatible key given directly (local gateway environment only)
 * @param apiKeySecretId  Secrets Manager secret id or ARN holding the key, read once at init (AWS)
 * @param region          AWS region of Bedrock and Secrets Manager
 * @param timeout         one provider request, connect to last byte
 * @param maxPromptChars  the most characters one call may send; above it the call is refused before any request
 */
public record AiSettings(Provider provider, String model, Optional<URI> endpoint, Optional<String> apiKey,
        Optional<String> apiKeySecretId, String region, Duration timeout, int maxPromptChars) {

    public enum Provider { NONE, BEDROCK, OPENAI }

    public static final String ENV_PROVIDER = "AI_PROVIDER";
    public static final String ENV_MODEL = "AI_MODEL";
    public static final String ENV_ENDPOINT = "AI_ENDPOINT";
    public static final String ENV_API_KEY = "AI_API_KEY";
    public static final String ENV_API_KEY_SECRET = "AI_API_KEY_SECRET";
    public static final String ENV_TIMEOUT_SECONDS = "AI_TIMEOUT_SECONDS";
    public static final String ENV_MAX_PROMPT_CHARS = "AI_MAX_PROMPT_CHARS";

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    public static final int DEFAULT_MAX_PROMPT_CHARS = 200_000;

    public static final AiSettings NONE = new AiSettings(Provider.NONE, "", Optional.empty(), Optional.empty(),
            Optional.empty(), "us-east-1", DEFAULT_TIMEOUT, DEFAULT_MAX_PROMPT_CHARS);

    public AiSettings {
        if (provider != Provider.NONE && model.isBlank()) {
            throw new IllegalArgumentException(ENV_MODEL + " is required with " + ENV_PROVIDER + "="
                    + provider.name().toLowerCase(Locale.ROOT));
        }
        if (provider == Provider.OPENAI && endpoint.isEmpty()) {
            throw new IllegalArgumentException(ENV_ENDPOINT + " (the base URL, such as https://api.openai.com/v1) is"
                    + " required with " + ENV_PROVIDER + "=openai");
        }
        if (timeout.isNegative() || timeout.isZero() || maxPromptChars <= 0) {
            throw new IllegalArgumentException(ENV_TIMEOUT_SECONDS + " and " + ENV_MAX_PROMPT_CHARS
                    + " must be positive");
        }
    }

    public boolean configured() {
        return provider != Provider.NONE;
    }

    /** Reads the settings; a misconfiguration fails at init with the variable's name, never at a call. */
    public static AiSettings from(Map<String, String> env) {
        String name = env.getOrDefault(ENV_PROVIDER, "").trim().toLowerCase(Locale.ROOT);
        Provider provider = switch (name) {
            case "", "none" -> Provider.NONE;
            case "bedrock" -> Provider.BEDROCK;
            case "openai" -> Provider.OPENAI;
            default -> throw new IllegalArgumentException(ENV_PROVIDER + " must be bedrock, openai or none, got '"
                    + name + "'");
        };
        return new AiSettings(provider, env.getOrDefault(ENV_MODEL, "").trim(),
                nonBlank(env, ENV_ENDPOINT).map(URI::create), nonBlank(env, ENV_API_KEY),
                nonBlank(env, ENV_API_KEY_SECRET), nonBlank(env, "AWS_REGION").orElse("us-east-1"),
                Duration.ofSeconds(positive(env, ENV_TIMEOUT_SECONDS, DEFAULT_TIMEOUT.toSeconds())),
                (int) positive(env, ENV_MAX_PROMPT_CHARS, DEFAULT_MAX_PROMPT_CHARS));
    }

    private static Optional<String> nonBlank(Map<String, String> env, String key) {
        return Optional.ofNullable(env.get(key)).map(String::trim).filter(s -> !s.isEmpty());
    }

    private static long positive(Map<String, String> env, String key, long fallback) {
        Optional<String> text = nonBlank(env, key);
        if (text.isEmpty()) {
            return fallback;
        }
        try {
            return Long.parseLong(text.get());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, got '" + text.get() + "'");
        }
    }

    /** Never prints the key: settings may end up in a log line. */
    @Override
    public String toString() {
        return "AiSettings[" + provider + ", model=" + model + ", endpoint=" + endpoint.map(URI::toString).orElse("-")
                + ", key=" + (apiKey.isPresent() ? "set" : apiKeySecretId.isPresent() ? "secret" : "none") + "]";
    }
}
