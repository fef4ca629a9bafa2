import { Body, Controller, Get, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { OnboardingProcess, OnboardingStep, UpdateOnboardingStepResponse } from '@wkflow/contracts';
import { CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { StartOnboardingDto, UpdateOnboardingStepDto } from './dto/onboarding.dto';
import { OnboardingService } from './onboarding.service';
import { ApiResult } from '../platform/openapi/api-result';

/** Onboarding is part of the client's record: clients read to view, clients write to start and update. */
@ApiTags('onboarding')
@Controller('onboarding')
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @RequirePermission('clients', 'read')
  @Get()
  @ApiResult('OnboardingProcess', { isArray: true })
  list(): Promise<OnboardingProcess[]> {
    return this.onboarding.list();
  }

  @RequirePermission('clients', 'write')
  @Post()
  @ApiResult('OnboardingProcess', { errors: [404, 409] })
  start(@Body() dto: StartOnboardingDto, @CurrentUser() user: AuthenticatedUser): Promise<OnboardingProcess> {
    return this.onboarding.start(dto, user);
  }

  @RequirePermission('clients', 'read')
  @Get(':id/steps')
  @ApiResult('OnboardingStep', { isArray: true })
  steps(@IdParam('id') id: number): Promise<OnboardingStep[]> {
    return this.onboarding.steps(id);
  }

  @RequirePermission('clients', 'write')
  @Put(':processId/steps/:stepId')
  @ApiResult('UpdateOnboardingStepResponse', { errors: [409] })
  updateStep(
    @IdParam('processId') processId: number,
    @IdParam('stepId') stepId: number,
    @Body() dto: UpdateOnboardingStepDto,
  ): Promise<UpdateOnboardingStepResponse> {
    return this.onboarding.updateStep(processId, stepId, dto);
  }
}
