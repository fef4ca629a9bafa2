import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { trim } from '../../platform/http/validation';
import type { TestEmailRequest, TestNotificationRequest } from '@wkflow/contracts';

const TO_REQUIRED = 'E-mail de destino é obrigatório';

export class TestEmailDto implements TestEmailRequest {
  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: 'E-mail de destino inválido' })
  @MaxLength(254, { message: 'E-mail de destino inválido' })
  @IsNotEmpty({ message: TO_REQUIRED })
  @IsString({ message: TO_REQUIRED })
  to: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(300, { message: 'Assunto deve ter no máximo 300 caracteres' })
  @IsString({ message: 'Assunto deve ser um texto' })
  subject?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(10_000, { message: 'Mensagem deve ter no máximo 10000 caracteres' })
  @IsString({ message: 'Mensagem deve ser um texto' })
  message?: string;
}

/** The admin page's notification samples: a destination and the sample's type. */
class TestNotificationDto {
  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: 'E-mail de destino inválido' })
  @MaxLength(254, { message: 'E-mail de destino inválido' })
  @IsNotEmpty({ message: TO_REQUIRED })
  @IsString({ message: TO_REQUIRED })
  to: string;
}

export class TestTaskNotificationDto extends TestNotificationDto implements TestNotificationRequest {
  @ApiPropertyOptional({ enum: ['task_assigned'] })
  @IsOptional()
  @IsIn(['task_assigned'], { message: 'Tipo de notificação inválido' })
  notificationType?: 'task_assigned';
}

export class TestDeadlineNotificationDto extends TestNotificationDto implements TestNotificationRequest {
  @ApiPropertyOptional({ enum: ['task_due_soon'] })
  @IsOptional()
  @IsIn(['task_due_soon'], { message: 'Tipo de notificação inválido' })
  notificationType?: 'task_due_soon';
}
