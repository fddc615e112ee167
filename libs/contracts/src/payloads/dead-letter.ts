import { IsInt, IsObject, IsString } from 'class-validator';

/** Event on `platform.message.deadlettered`: a message that will not be processed again. */
export class DeadLetterRecord {
  @IsString()
  stream!: string;

  @IsString()
  consumer!: string;

  @IsString()
  subject!: string;

  @IsInt()
  deliveries!: number;

  @IsString()
  reason!: string;

  /** Original payload, base64. */
  @IsString()
  payload!: string;

  @IsObject()
  headers!: Record<string, string>;
}
