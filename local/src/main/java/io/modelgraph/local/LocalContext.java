package io.modelgraph.local;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.nio.charset.StandardCharsets;

/** The Lambda {@link Context} of one in-process invocation: request id, function name, a 29 s budget. */
final class LocalContext implements Context {
    private static final int TIMEOUT_MS = 29_000;

    private final String requestId;
    private final String functionName;
    private final long deadline;

    LocalContext(String requestId, String functionName) {
        this.requestId = requestId;
        this.functionName = functionName;
        this.deadline = System.currentTimeMillis() + TIMEOUT_MS;
    }

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/" + functionName;
    }

    @Override
    public String getLogStreamName() {
        return "local";
    }

    @Override
    public String getFunctionName() {
        return functionName;
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:" + GatewayEvents.REGION + ":" + GatewayEvents.ACCOUNT_ID + ":function:" + functionName;
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return (int) Math.max(0, deadline - System.currentTimeMillis());
    }

    @Override
    public int getMemoryLimitInMB() {
        return 1024;
    }

    @Override
    public LambdaLogger getLogger() {
        return new LambdaLogger() {
            @Override
            public void log(String message) {
                System.out.println(message);
            }

            @Override
            public void log(byte[] message) {
                System.out.println(new String(message, StandardCharsets.UTF_8));
            }
        };
    }
}
