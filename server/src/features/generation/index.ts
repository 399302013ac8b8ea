/** What the generation feature offers the server's other features (the layering lint rule lets them import only this). */
export { extractProfile, isIdentifiable, profileFromLead } from './extract-profile';
export { enrichInputHash, icebreakInputHash, writerIdentity } from './input-hash';
export { completeChat, streamChatCompletion } from './openai-chat-stream';
export type { ChatMessage, JsonSchemaFormat, OpenAiOptions } from './openai-chat-stream';
export { userMessageOf } from './text-generator';
export type { EnrichInput } from './text-generator';
