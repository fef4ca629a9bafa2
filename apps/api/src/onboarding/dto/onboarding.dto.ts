import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  ONBOARDING_MESSAGES,
  ONBOARDING_NOTES_MAX,
  ONBOARDING_STEP_UPDATE_STATUSES,
  type OnboardingStepUpdateStatus,
} from '@wkflow/contracts';
import { INT4_MAX } from '../../clients/dto/validators';
import { toInteger } from '../../platform/http/validation';
import type { StartOnboardingRequest, UpdateOnboardingStepRequest } from '@wkflow/contracts';

/** POST /api/onboarding */
export class StartOnboardingDto implements StartOnboardingRequest {
  @ApiProperty({ example: 1 })
  // A select's value may arrive as a numeric string.
  @Transform(toInteger)
  @Max(INT4_MAX, { message: ONBOARDING_MESSAGES.selectClient })
  @Min(1, { message: ONBOARDING_MESSAGES.selectClient })
  @IsInt({ message: ONBOARDING_MESSAGES.selectClient })
  @IsDefined({ message: ONBOARDING_MESSAGES.selectClient })
  clientId: number;
}

/** PUT /api/onboarding/{processId}/steps/{stepId} */
export class UpdateOnboardingStepDto implements UpdateOnboardingStepRequest {
  @ApiProperty({ enum: ONBOARDING_STEP_UPDATE_STATUSES })
  @IsIn(ONBOARDING_STEP_UPDATE_STATUSES, { message: ONBOARDING_MESSAGES.stepStatus })
  @IsDefined({ message: ONBOARDING_MESSAGES.stepStatus })
  status: OnboardingStepUpdateStatus;

  @ApiPropertyOptional({ nullable: true, description: 'omitted keeps the notes; blank or null clears them' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value))
  @MaxLength(ONBOARDING_NOTES_MAX, { message: `Notas devem ter no máximo ${ONBOARDING_NOTES_MAX} caracteres` })
  @IsString({ message: 'Notas devem ser um texto' })
  notes?: string | null;
}
