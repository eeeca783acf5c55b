package io.modelgraph.transform.ai;

/**
 * An AI model provider that answers one system + user prompt with text. Two implementations, chosen by
 * configuration ({@link AiProviders}): Amazon Bedrock's Converse API and any OpenAI-compatible
 * chat-completions endpoint. Each request is bounded by the configured timeout and retried once on a 429
 * or a 5xx ({@link OneRetry}); failures are {@link ProviderFailure}. Implementations log nothing of what
 * they send or receive.
 */
public sealed interface ChatProvider permits OpenAiCompatibleProvider, BedrockProvider {

    /** How the README and messages name this provider, such as {@code Amazon Bedrock (model ...)}. */
    String describe();

    String complete(String system, String user);
}
