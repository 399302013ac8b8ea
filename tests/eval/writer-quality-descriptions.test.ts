import { describeWriterQuality } from './lib/writer-quality';

describeWriterQuality('descriptions');
