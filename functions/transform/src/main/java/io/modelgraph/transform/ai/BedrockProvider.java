package io.modelgraph.transform.ai;

import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeClient;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ConversationRole;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseResponse;
import software.amazon.awssdk.services.bedrockruntime.model.Message;
import software.amazon.awssdk.services.bedrockruntime.model.SystemContentBlock;

/**
 * Amazon Bedrock through the Converse API (one request, whole answer; no streaming). The client is built
 * by {@link AiProviders} with the url-connection HTTP client and the SDK's own retries off, so the one
 * retry on a 429 or 5xx is {@link OneRetry}'s, as for the other provider.
 */
public final class BedrockProvider implements ChatProvider {
    static final int MAX_ANSWER_TOKENS = 4096;

    private final BedrockRuntimeClient client;
    private final String modelId;

    public BedrockProvider(BedrockRuntimeClient client, String modelId) {
        this.client = client;
        this.modelId = modelId;
    }

    @Override
    public String describe() {
        return "Amazon Bedrock (model " + modelId + ")";
    }

    @Override
    public String complete(String system, String user) {
        return OneRetry.call(() -> send(system, user));
    }

    private String send(String system, String user) {
        ConverseResponse response;
        try {
            response = client.converse(b -> b.modelId(modelId)
                    .system(SystemContentBlock.fromText(system))
                    .messages(Message.builder().role(ConversationRole.USER).content(ContentBlock.fromText(user)).build())
                    .inferenceConfig(c -> c.maxTokens(MAX_ANSWER_TOKENS).temperature(0f)));
        } catch (SdkServiceException e) {
            throw ProviderFailure.status(e.statusCode());
        } catch (ApiCallTimeoutException | ApiCallAttemptTimeoutException e) {
            throw ProviderFailure.timedOut();
        } catch (SdkClientException | UncheckedIOException e) {
            if (causedBy(e, SocketTimeoutException.class)) {
                throw ProviderFailure.timedOut();
            }
            throw new ProviderFailure(0, false, "could not be reached (" + e.getClass().getSimpleName() + ")");
        }
        if (response.output() == null || response.output().message() == null) {
            throw new ProviderFailure(200, false, "answered without an output message");
        }
        StringBuilder text = new StringBuilder();
        for (ContentBlock block : response.output().message().content()) {
            if (block.text() != null) {
                text.append(block.text());
            }
        }
        return text.toString();
    }

    private static boolean causedBy(Throwable t, Class<? extends Throwable> kind) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (kind.isInstance(c)) {
                return true;
            }
        }
        return false;
    }
}
