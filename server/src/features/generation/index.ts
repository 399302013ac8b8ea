/** What the generation feature offers the server's other features (the layering lint rule lets them import only this). */
export { extractProfile, isIdentifiable, profileFromLead } from './extract-profile';
export { enrichInputHash, icebreakInputHash, writerIdentity } from './input-hash';
export { completeChat, jsonSchemaOf, streamChatCompletion } from './openai-chat-stream';
export type { ChatMessage, JsonSchemaFormat, OpenAiOptions } from './openai-chat-stream';
export { GenerationError, userMessageOf } from './text-generator';
export type { EnrichInput, TextGenerator } from './text-generator';
